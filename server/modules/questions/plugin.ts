import type { AreaPlugin } from '../areaPlugin';
import { questionRoutes } from './routes';
import { createQuestionService } from './service';
import { createAnswerStore } from './store';

/** Questions and answers. */
export const questionsArea: AreaPlugin = {
  name: 'questions',
  dependencies: ['posts', 'notifications', 'sends', 'follows'],
  build: ({ database, clock }, built) => {
    const { posts, postsForOthers } = built;
    const questions = createQuestionService({
      answers: createAnswerStore(database, postsForOthers),
      posts,
      postsForOthers,
      announce: built.announce,
      clock,
      notifier: built.notifications,
      sends: built.sends,
    });
    return {
      services: { questions },
      routes: async (api) => {
        await api.register(questionRoutes, { questions, posts, follows: built.follows });
      },
    };
  },
};
