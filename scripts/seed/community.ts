import type { FastifyInstance } from 'fastify';
import type { ReactionType } from '../../src/api/constants';
import { AVATAR_COLORS } from '../../src/api/users/avatarColors';
import { API_BASE, paths } from '../../src/api/paths';
import { letterAvatarDataUrl } from '../../server/media/letterAvatar';
import { coverSvg, jpegDataUrl, photoSvg, pngDataUrl } from './pictures';

/**
 * A small living community, made through the real API (so every rule applies and every page has
 * something to show): members with avatars and covers, follows, posts of every kind, questions
 * with answers (one accepted), comments, reactions, a public and a private group with posts,
 * direct chats and a group chat. Idempotent: members that exist are signed in, and the content is
 * made only when the first member has no post yet.
 */
export const DEMO_PASSWORD = 'stoa-demo-password';
export const DEMO_MEMBERS = ['ada', 'grace', 'alan', 'katherine', 'linus', 'margaret', 'tim', 'barbara'] as const;
type Name = (typeof DEMO_MEMBERS)[number];

export interface SeedOptions {
  log?: (line: string) => void;
  /** The bytes of a short video (WebM or MP4) for the video post; null skips it. */
  video?: () => Promise<Buffer | null>;
}

export interface SeedOutcome {
  membersCreated: number;
  contentCreated: boolean;
}

interface Account {
  id: string;
  token: string;
}

export async function seedCommunity(app: FastifyInstance, options: SeedOptions = {}): Promise<SeedOutcome> {
  const log = options.log ?? (() => {});
  const call = async <T = any>(
    who: Account | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    address = '198.51.100.200',
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url: `${API_BASE}${url}`,
      remoteAddress: address,
      ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };

  const accounts = {} as Record<Name, Account>;
  let membersCreated = 0;
  for (const [index, username] of DEMO_MEMBERS.entries()) {
    const address = `198.51.100.${index + 1}`;
    const avatarColor = AVATAR_COLORS[index % AVATAR_COLORS.length]!;
    const signUp = await app.inject({
      method: 'POST',
      url: `${API_BASE}${paths.auth.signup}`,
      remoteAddress: address,
      payload: {
        username,
        email: `${username}@stoa.test`,
        password: DEMO_PASSWORD,
        avatarColor,
        avatarImage: await letterAvatarDataUrl(username, avatarColor),
      },
    });
    const answer =
      signUp.statusCode === 201
        ? (signUp.json() as { token: string; user: { _id: string } })
        : await call<{ token: string; user: { _id: string } }>(
            null,
            'POST',
            paths.auth.signin,
            { provider: 'local', username, password: DEMO_PASSWORD },
            address,
          );
    if (signUp.statusCode === 201) membersCreated += 1;
    accounts[username] = { id: answer.user._id, token: answer.token };
    log(`member ${username}@stoa.test: ${signUp.statusCode === 201 ? 'created' : 'already there'}`);
  }
  const { ada, grace, alan, katherine, linus, margaret, tim, barbara } = accounts;

  const first = await call<{ posts: unknown[] }>(ada, 'GET', paths.posts.profile(ada.id, 'all', 1));
  if (first.posts.length > 0) {
    log('the community already has its posts: nothing added');
    return { membersCreated, contentCreated: false };
  }

  // Covers for half of the members (the others show the designed default), and follows.
  for (const [index, name] of (['ada', 'grace', 'katherine', 'tim'] as const).entries()) {
    const upload = await call<{ _id: string }>(accounts[name], 'POST', paths.images.upload('background'), {
      image: await jpegDataUrl(coverSvg(AVATAR_COLORS[(index * 2) % AVATAR_COLORS.length]!, index + 1)),
    });
    await call(accounts[name], 'PUT', paths.users.images, { coverImage: upload._id });
  }
  // Profiles with something to read, and interests for the For you stream.
  const profiles: [Name, Record<string, string>, string[], string[]][] = [
    [
      'ada',
      { work: 'Analytical engines', school: 'Home tutoring', location: 'London', quote: 'The engine weaves algebraic patterns.' },
      ['Mathematics', 'Poetry'],
      ['science', 'technology', 'education'],
    ],
    [
      'grace',
      { work: 'Compilers', school: 'Yale', location: 'Arlington', quote: 'It is easier to ask forgiveness than permission.' },
      ['Sailing', 'Teaching'],
      ['technology', 'education'],
    ],
    [
      'katherine',
      {
        work: 'Orbital mechanics',
        school: 'West Virginia State',
        location: 'Hampton',
        quote: 'Like what you do, and then you will do your best.',
      },
      ['Bridge', 'Walking'],
      ['science'],
    ],
    ['tim', { work: 'Hypertext', school: 'Oxford', location: 'Geneva', quote: 'This is for everyone.' }, ['Cycling'], ['technology']],
  ];
  for (const [name, basicInfo, hobbies, interests] of profiles) {
    await call(accounts[name], 'PUT', paths.users.basicInfo, basicInfo);
    await call(accounts[name], 'PUT', paths.users.personalHobby, { hobbies });
    await call(accounts[name], 'PUT', paths.users.personalize, { interests });
  }
  await call(ada, 'PUT', paths.users.socialLinks, { youtube: 'https://www.youtube.com/@stoa-demo' });

  const names = [...DEMO_MEMBERS];
  for (const [index, name] of names.entries()) {
    for (const step of [1, 2, 3])
      await call(accounts[name], 'PUT', paths.follows.follow(accounts[names[(index + step) % names.length]!].id));
  }

  // Posts of every kind.
  const post = async (who: Account, body: Record<string, unknown>, url: string = paths.posts.create) =>
    (await call<{ post: { _id: string } }>(who, 'POST', url, body)).post._id;
  const welcome = await post(ada, {
    post: 'Welcome to Stoa! This is a place to learn out loud: share what you are studying, ask when you are stuck, answer when you can.',
  });
  const excited = await post(grace, {
    post: 'Finished my first compiler pass today. It only understands arithmetic, but it is mine. #compilers',
    feelings: 'excited',
  });
  const coloured = await post(alan, {
    post: 'Thought of the day: a machine is only as clever as the questions we ask it.',
    bgColor: '#3f51b5',
  });
  const photo = await post(
    katherine,
    {
      post: 'Evening walk after the orbital mechanics exam. The hills looked like a plot of a damped wave. #physics',
      image: await pngDataUrl(photoSvg(7)),
    },
    paths.posts.createImage,
  );
  await post(linus, { post: 'For my followers: I am streaming a kernel debugging session on Friday.', privacy: 'Followers' });
  await post(barbara, {
    post: 'Reading group notes are up in Study Hall. Chapter 3 was the hard one. #reading',
    feelings: 'happy',
    bgColor: '#8bc34a',
  });
  // Hashtags (the trending box, the hashtag search) and a mention (a notification for ada).
  await post(tim, { post: 'Pairing with @ada on the #algorithms problem set tonight: amortised analysis, at last. #physics can wait.' });
  await post(margaret, {
    post: 'Lecture notes on numerical integration are up: Euler, then Verlet for the orbits. #physics #maths',
    topics: ['science', 'education'],
  });
  const video = await options.video?.();
  if (video) {
    const type = video.subarray(4, 8).toString('latin1') === 'ftyp' ? 'video/mp4' : 'video/webm';
    await post(
      margaret,
      {
        post: 'A two-second animation of a projectile: how many frames until it lands?',
        video: `data:${type};base64,${video.toString('base64')}`,
      },
      paths.posts.createVideo,
    );
  } else log('no video post (no Chromium to record one)');

  // Questions with answers, one accepted.
  const question = await post(
    tim,
    { post: 'Why does a hash table resize by doubling instead of adding a fixed number of slots?' },
    paths.questions.create,
  );
  const answerTo = async (who: Account, questionId: string, text: string) =>
    (await call<{ answer: { _id: string } }>(who, 'POST', paths.questions.answer(questionId), { answer: text })).answer._id;
  await answerTo(grace, question, 'Adding a fixed number makes n inserts cost O(n^2) copying in total.');
  const best = await answerTo(
    ada,
    question,
    'Doubling keeps the total copying proportional to the number of inserts: each resize pays for the inserts since the last one, so every insert is O(1) amortised.',
  );
  await call(tim, 'PUT', paths.questions.accept(question, best));
  const open = await post(barbara, { post: 'Any good introduction to category theory for programmers?' }, paths.questions.create);
  await answerTo(alan, open, "Bartosz Milewski's lectures are a gentle start, with Haskell examples.");

  // Comments and reactions.
  const comment = (who: Account, postId: string, text: string) => call(who, 'POST', paths.comments.create, { postId, comment: text });
  await comment(grace, welcome, 'Glad to be here!');
  await comment(tim, welcome, 'Thanks for setting this up.');
  await comment(ada, excited, 'Arithmetic today, closures next month.');
  await comment(alan, photo, 'Beautiful. Which exam was it?');
  const react = (who: Account, postId: string, type: ReactionType) => call(who, 'POST', paths.reactions.react, { postId, type });
  const reactions: [Account, string, ReactionType][] = [
    [grace, welcome, 'love'],
    [alan, welcome, 'like'],
    [tim, welcome, 'happy'],
    [katherine, welcome, 'like'],
    [ada, excited, 'wow'],
    [linus, excited, 'like'],
    [margaret, coloured, 'like'],
    [ada, photo, 'love'],
    [barbara, photo, 'wow'],
    [ada, question, 'like'],
  ];
  for (const [who, postId, type] of reactions) await react(who, postId, type);

  // Groups: a public one anyone may join, and a private one by invitation.
  const group = async (who: Account, body: Record<string, unknown>) =>
    (await call<{ group: { _id: string } }>(who, 'POST', paths.groups.create, body)).group._id;
  const studyHall = await group(ada, {
    name: 'Study Hall',
    description: 'Reading groups, study plans and exam prep.',
    tags: ['study', 'reading'],
    category: ['Education'],
    privacy: 'public',
  });
  for (const who of [grace, alan, tim, barbara]) await call(who, 'POST', paths.groups.join(studyHall));
  await post(ada, { post: 'This week: chapter 4, recursion schemes. Bring one question each.' }, paths.posts.group.create(studyHall));
  const nightOwls = await group(grace, {
    name: 'Night Owls',
    description: 'Late study sessions, quietly.',
    tags: ['late'],
    category: ['Education'],
    privacy: 'private',
    members: [linus.id, margaret.id],
  });
  for (const who of [linus, margaret]) await call(who, 'PUT', paths.groups.acceptInvitation(nightOwls));
  await post(grace, { post: 'Session tonight at 22:00: proofs by induction.' }, paths.posts.group.create(nightOwls));
  // A public group ada is not in: her Discover list has something to join.
  const orbits = await group(katherine, {
    name: 'Orbits and Oscillations',
    description: 'Mechanics problem sets, worked slowly.',
    tags: ['physics', 'mechanics'],
    category: ['Science'],
    privacy: 'public',
  });
  await call(margaret, 'POST', paths.groups.join(orbits));
  await post(katherine, { post: 'Welcome! Start with the pendulum problems in chapter 2.' }, paths.posts.group.create(orbits));

  // Direct chats and a group chat.
  const say = (from: Account, to: Account, body: string) => call(from, 'POST', paths.chat.send, { receiverId: to.id, body });
  await say(ada, grace, 'Are you coming to the reading group on Thursday?');
  await say(grace, ada, 'Yes! I will bring the compiler notes.');
  await say(ada, grace, 'Perfect, see you there.');
  await say(alan, ada, 'Loved your answer about hash tables.');
  const chat = (
    await call<{ group: { _id: string } }>(katherine, 'POST', paths.groupChat.create, {
      name: 'Physics Study',
      description: 'Mechanics problem sets',
      members: [ada.id, tim.id],
    })
  ).group._id;
  for (const who of [ada, tim]) await call(who, 'PUT', paths.groupChat.accept(chat));
  await call(katherine, 'POST', paths.groupChat.sendMessage, { groupId: chat, body: 'Problem set 5 is up: who takes question 3?' });
  await call(tim, 'POST', paths.groupChat.sendMessage, { groupId: chat, body: 'I will, I like the pendulum ones.' });
  await call(ada, 'POST', paths.groupChat.sendMessage, { groupId: chat, body: 'I can check your working tomorrow.' });

  log('the community is seeded: posts, questions, groups and chats');
  return { membersCreated, contentCreated: true };
}
