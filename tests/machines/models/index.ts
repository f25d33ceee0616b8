/**
 * Every machine's model: the covers its test in tests/machines replays, and the path plans
 * (`npm run test:paths -- --plan DIR`, scripts/pathPlans.ts) list. One source, so a plan is
 * always the cover the suite runs.
 */
import type { MachineModel } from '../cover';
import { chatModel } from './chat';
import { composerModel } from './composer';
import { toastModel } from './toast';

export const models: MachineModel[] = [toastModel, composerModel, chatModel];
