/**
 * Every HTTP path of the API, relative to API_BASE. Client and server both build their
 * routes from here; a path exists in this file only.
 * Functions build concrete URLs for the client; `route` holds the Fastify pattern.
 */
export const API_BASE = '/api/v1';

export const paths = {
  health: '/health',
  config: '/config',
  auth: {
    signup: '/signup',
    signin: '/signin',
    signout: '/signout',
    currentUser: '/currentuser',
    checkUser: (authId: string) => `/checkUser/${encodeURIComponent(authId)}`,
    forgotPassword: '/forgot-password',
    resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
    adminSignup: '/admin/signup',
    adminSignin: '/admin/signin',
  },
} as const;

/** Fastify route patterns for the paths that take parameters. */
export const routes = {
  auth: {
    checkUser: '/checkUser/:authId',
    resetPassword: '/reset-password/:token',
  },
} as const;

/** Where the server serves uploaded media; the spec's URL shape under /media. */
export const mediaPaths = {
  image: (version: number | string, id: string) => `/media/image/upload/v${version}/${id}`,
  video: (version: number | string, name: string) => `/media/video/upload/v${version}/${name}`,
} as const;
