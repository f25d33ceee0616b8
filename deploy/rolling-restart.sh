#!/usr/bin/env bash
# Restarts the Stoa processes one at a time, each back and answering before the next one stops,
# so nginx always has the others to send requests to (docs/deploy.md, "Updating").
# Usage: deploy/rolling-restart.sh [port ...]   (default: every running stoa@PORT unit)
set -euo pipefail

ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <(systemctl list-units --type=service --state=running --no-legend 'stoa@*.service' |
    sed -E 's/.*stoa@([0-9]+)\.service.*/\1/')
fi
if [ ${#ports[@]} -eq 0 ]; then
  echo "no running stoa@PORT units" >&2
  exit 1
fi

for port in "${ports[@]}"; do
  echo "restarting stoa@${port}"
  systemctl restart "stoa@${port}"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${port}/api/v1/health" >/dev/null 2>&1; then break; fi
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:${port}/api/v1/health" >/dev/null || {
    echo "stoa@${port} did not come back; stopping here" >&2
    exit 1
  }
  # Longer than the upstream's fail_timeout (2 s): nginx uses this process again before the next stops.
  sleep 3
done
echo "all restarted: ${ports[*]}"
