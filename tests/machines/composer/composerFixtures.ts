import type { Post } from '../../../src/api/posts';
import { post as streamsPost } from '../../fixtures/streams';

/** Posts and server answers shared by the composer's machine and view tests. */
export function post(overrides: Partial<Post> = {}): Post {
  return streamsPost({
    _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    post: 'Hello Stoa',
    userId: 'u1',
    username: 'alice',
    email: 'alice@example.com',
    avatarColor: '#f33e58',
    createdAt: '2025-01-31T12:00:00.000Z',
    updatedAt: '2025-01-31T12:00:00.000Z',
    ...overrides,
  });
}

export const textPost = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000001',
  post: 'Sunny day',
  bgColor: '#2196f3',
  privacy: 'Followers',
  feelings: 'happy',
});
export const gifPost = post({ _id: '0190a1b2-c3d4-7e5f-8a9b-000000000002', post: '', gifUrl: 'https://media.example/dance.gif' });
export const imagePost = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000003',
  post: 'My cat',
  image: '/media/image/upload/v1/cat',
  imgVersion: '1',
  imgId: 'cat',
  imageAlt: 'A grey cat asleep',
});
export const videoPost = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000004',
  post: '',
  video: '/media/video/upload/v1/clip.mp4',
  videoVersion: '1',
  videoId: 'clip.mp4',
  videoPoster: '',
});
/** A post its author marked with one topic (its hashtag adds another to `topics`, not to `chosenTopics`). */
export const topicPost = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000006',
  post: 'Stars tonight #physics',
  topics: ['music', 'science'],
  chosenTopics: ['music'],
});
export const question = post({ _id: '0190a1b2-c3d4-7e5f-8a9b-000000000005', kind: 'question', post: 'How do plants drink?' });
/** What the server answers a publish with. */
export const markdownQuestion = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000006',
  kind: 'question',
  format: 'markdown',
  post: 'What does `map` return?',
});

export const published = post({ _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000ff', post: 'Published' });
/** A group admin's group post (accepted at once) and a member's (waiting for review). */
export const groupPublished = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000fe',
  post: 'Walk at dawn',
  groupId: 'g1',
  groupStatus: 'accepted',
});
export const groupPendingPublished = post({
  _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000fd',
  post: 'Walk at dawn',
  groupId: 'g1',
  groupStatus: 'pending',
});

export const IMAGE_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';
export const VIDEO_DATA_URL = 'data:video/mp4;base64,AAAAIGZ0eXA=';
export const pngFile = { name: 'cat.png', type: 'image/png', size: 2048 };
export const bmpFile = { name: 'cat.bmp', type: 'image/bmp', size: 2048 };
export const hugePng = { name: 'huge.png', type: 'image/png', size: 11 * 1024 * 1024 };
export const mp4File = { name: 'clip.mp4', type: 'video/mp4', size: 4096 };
export const movFile = { name: 'clip.mov', type: 'video/quicktime', size: 4096 };

export const apiFailure = (message: string, statusCode: number) => ({ data: { message, statusCode }, statusCode });
export const emptyRefused = apiFailure('Post must not be empty', 400);
export const notYours = apiFailure('You can only delete your own posts', 403);
export const networkFailure = { message: 'fetch failed' };
