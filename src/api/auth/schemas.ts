import { z } from 'zod';
import { accountDeletionSchema } from '../account/data';

export const roleSchema = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a #rrggbb value');

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must not exceed 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, numbers, dots and underscores');
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be a valid email address'))
  .transform((value) => value.toLowerCase());
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must not exceed ${PASSWORD_MAX} characters`);

/** A PNG data URL: the client-generated avatar of the spec (200x200). */
export const pngDataUrlSchema = z
  .string()
  .max(400_000, 'Avatar image is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Avatar image must be a PNG data URL');

export const userSchema = z.object({
  _id: z.string(),
  authId: z.string(),
  username: z.string(),
  email: z.string(),
  avatarColor: z.string(),
  avatarImage: z.string(),
  profilePicture: z.string(),
  isBanned: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
  personalizeSettings: z.object({ allowPersonalize: z.boolean() }),
  /**
   * The member's own account, when its deletion is scheduled: the sign-in answers and GET
   * /currentuser carry it, so the member area fetches its notice (and the deletion's state) only
   * then (docs/client-account.md). Absent otherwise, and from every other answer.
   */
  deletion: accountDeletionSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const signUpBodySchema = z.object({
  username,
  email,
  password,
  avatarColor: hexColorSchema,
  avatarImage: pngDataUrlSchema,
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const adminSignUpBodySchema = signUpBodySchema.extend({
  inviteCode: z.string({ error: 'Invite code is required' }).min(1, 'Invite code is required'),
});
export type AdminSignUpBody = z.input<typeof adminSignUpBodySchema>;

export const localSignInBodySchema = z.object({
  provider: z.literal('local'),
  /** The email-or-username text of the sign-in form. */
  username: z.string({ error: 'Email or username is required' }).trim().min(1, 'Email or username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  /** Remember me: a long-lived session instead of a short one. */
  rememberMe: z.boolean().optional(),
});
export const googleSignInBodySchema = z.object({
  provider: z.literal('google'),
  payload: z.object({ idToken: z.string().min(1) }).passthrough(),
  rememberMe: z.boolean().optional(),
});
export const signInBodySchema = z.discriminatedUnion('provider', [localSignInBodySchema, googleSignInBodySchema], {
  error: 'provider must be local or google',
});
export type SignInBody = z.input<typeof signInBodySchema>;
export type LocalSignInBody = z.input<typeof localSignInBodySchema>;

export const adminSignInBodySchema = localSignInBodySchema.omit({ provider: true });
export type AdminSignInBody = z.input<typeof adminSignInBodySchema>;

/** signup, signin, admin signup/signin and GET /currentuser all answer this. */
export const authResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const checkUserResponseSchema = z.object({ isBanned: z.boolean() });
export type CheckUserResponse = z.infer<typeof checkUserResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    password,
    confirmPassword: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** PUT /currentuser: the parts of the profile a member edits on the session itself. */
export const updateCurrentUserBodySchema = z
  .object({
    avatarColor: hexColorSchema.optional(),
    avatarImage: pngDataUrlSchema.optional(),
  })
  .strict();
export type UpdateCurrentUserBody = z.input<typeof updateCurrentUserBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
