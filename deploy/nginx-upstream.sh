#!/usr/bin/env bash
# Takes one Stoa process out of nginx's upstream, or puts it back (docs/deploy.md, "Updating"):
# marks its `server 127.0.0.1:PORT ...;` line `down` (or not), reloads nginx, and returns once every
# worker that ran before the reload has stopped taking requests (they finish the ones they hold).
# Usage: deploy/nginx-upstream.sh down|up PORT        exit 3: the site file has no line for PORT
# NGINX_SITE    the file holding the upstream (default /etc/nginx/sites-available/stoa)
# NGINX_PID     nginx's pid file (default /run/nginx.pid)
# NGINX_RELOAD  how to reload (default: nginx -t -q && systemctl reload nginx)
set -euo pipefail

what=${1:-}
port=${2:-}
if [[ ! "$what" =~ ^(down|up)$ || ! "$port" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 down|up PORT" >&2
  exit 2
fi
site="${NGINX_SITE:-/etc/nginx/sites-available/stoa}"
pidfile="${NGINX_PID:-/run/nginx.pid}"
reload="${NGINX_RELOAD:-nginx -t -q && systemctl reload nginx}"

line="^(\s*server 127\.0\.0\.1:${port}( [^;]*)?)"
if ! grep -Eq "${line};" "$site"; then
  echo "no 'server 127.0.0.1:${port}' line in ${site}" >&2
  exit 3
fi

# The workers taking requests now (a worker that is shutting down says so in its title).
serving() {
  local master pid
  master=$(cat "$pidfile")
  for pid in $(cat /proc/"$master"/task/*/children 2>/dev/null); do
    # nginx rewrites its title over argv, padded with NULs.
    if [ "$(tr -d '\0' <"/proc/$pid/cmdline" 2>/dev/null)" = "nginx: worker process" ]; then echo "$pid"; fi
  done
}

before=$(serving)
sed -E -i "s/${line} down;/\1;/" "$site"
if [ "$what" = down ]; then sed -E -i "s/${line};/\1 down;/" "$site"; fi
eval "$reload"

# nginx reloads asynchronously: wait (at most 10 s) until none of the old workers takes requests.
for _ in $(seq 1 100); do
  now=$(serving)
  left=no
  for pid in $before; do
    if grep -qx "$pid" <<<"$now"; then left=yes; fi
  done
  if [ "$left" = no ] && [ -n "$now" ]; then exit 0; fi
  sleep 0.1
done
echo "nginx did not reload within 10 s" >&2
exit 1
