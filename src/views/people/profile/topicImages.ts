import {
  Atom,
  BookOpen,
  Brain,
  Briefcase,
  Camera,
  ChefHat,
  Clapperboard,
  Cpu,
  Dumbbell,
  Gamepad2,
  GraduationCap,
  Hammer,
  Landmark,
  Megaphone,
  Music,
  Palette,
  PenLine,
  Plane,
  Shirt,
  Sprout,
  Trophy,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { INTEREST_TOPICS } from '../../../api/constants';

/**
 * The image of each interest topic (spec section 3). They are lucide icons, shipped inside the
 * app's bundle under lucide's ISC licence (source: the lucide-react package), so nothing is
 * hot-linked and they follow the theme's colours.
 */
export const TOPIC_IMAGES: Record<(typeof INTEREST_TOPICS)[number], LucideIcon> = {
  science: Atom,
  music: Music,
  books: BookOpen,
  food: UtensilsCrossed,
  travel: Plane,
  fitness: Dumbbell,
  psychology: Brain,
  history: Landmark,
  gaming: Gamepad2,
  photography: Camera,
  filmmaking: Clapperboard,
  gardening: Sprout,
  diy: Hammer,
  technology: Cpu,
  business: Briefcase,
  education: GraduationCap,
  sports: Trophy,
  cooking: ChefHat,
  fashion: Shirt,
  writing: PenLine,
  marketing: Megaphone,
  art: Palette,
};
