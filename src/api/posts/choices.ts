import type { ReactionType } from '../constants';

// What a post is dressed in: the background colours and feelings a member picks, the reactions' colours.

/** Post background colours (spec: 9). The first is "none" (the card's own surface). */
export const POST_BG_COLORS = ['#ffffff', '#f44336', '#e91e63', '#2196f3', '#9c27b0', '#3f51b5', '#00bcd4', '#ff9800', '#8bc34a'] as const;

export const FEELINGS = ['happy', 'excited', 'blessed', 'loved'] as const;

/** Each reaction's colour (spec). */
export const REACTION_COLORS: Record<ReactionType, string> = {
  like: '#50b5ff',
  love: '#f33e58',
  angry: '#e9710f',
  happy: '#f7b124',
  sad: '#f7b124',
  wow: '#f7b124',
};
