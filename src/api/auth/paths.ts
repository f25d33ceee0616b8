import { path } from '../path';

/** The Auth API (spec section 7): this area's part of the one path table (src/api/paths.ts). */
export const authPaths = {
  auth: {
    signup: '/signup',
    signin: '/signin',
    signout: '/signout',
    currentUser: '/currentuser',
    checkUser: path('/checkUser/:authId'),
    forgotPassword: '/forgot-password',
    resetPassword: path('/reset-password/:token'),
    adminSignup: '/admin/signup',
    adminSignin: '/admin/signin',
  },
} as const;
