import type { AnswersPage } from '../../../../src/api/posts';
import type { Profile } from '../../../../src/api/users';
import { post } from '../../../fixtures/streams';

/** Profiles and answers shared by the profile machines' model tests and the profile view tests. */
export const profile = (overrides: Partial<Profile> = {}): Profile => ({
  _id: 'u2',
  username: 'ben',
  avatarColor: '#123456',
  avatarImage: '',
  profilePicture: '',
  isFollowing: false,
  followsYou: false,
  coverImage: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  basicInfo: { work: '', school: '', location: '', quote: '' },
  social: { facebook: '', instagram: '', twitter: '', youtube: '' },
  hobbies: [],
  postsCount: 3,
  followersCount: 1,
  followingCount: 0,
  isOwner: false,
  ...overrides,
});

export const ownProfile = (overrides: Partial<Profile> = {}): Profile =>
  profile({
    isOwner: true,
    email: 'ben@example.com',
    notifications: { messages: true, follows: true, reactions: true, comments: true },
    ...overrides,
  });

export type ProfileAnswer = AnswersPage['answers'][number];

export function answerOf(id: string, overrides: Partial<ProfileAnswer> = {}): ProfileAnswer {
  return {
    _id: id,
    questionId: `q-${id}`,
    userId: 'u2',
    username: 'ben',
    avatarColor: '#123456',
    profilePicture: '',
    answer: `Answer ${id}`,
    format: 'plain',
    accepted: false,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    editedAt: null,
    question: post({ _id: `q-${id}`, kind: 'question', post: `Question ${id}?`, userId: 'u3', username: 'carol' }),
    ...overrides,
  };
}

/** A real PNG's first bytes are enough for the client: it only reads the data URL's type. */
export const PNG = 'data:image/png;base64,iVBORw0KGgo=';
export const PDF = 'data:application/pdf;base64,JVBERi0x';
