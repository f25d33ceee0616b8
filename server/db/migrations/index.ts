import type { Migration } from 'kysely';
import * as users from './0001_users';
import * as posts from './0002_posts';
import * as google from './0003_google';
import * as profiles from './0004_profiles';
import * as chat from './0005_chat';
import * as groups from './0006_groups';
import * as followLists from './0007_follow_lists';
import * as groupChatReads from './0008_group_chat_reads';
import * as groupMemberPages from './0009_group_member_pages';
import * as moderation from './0010_moderation';
import * as notifications from './0011_notifications';
import * as search from './0012_search';
import * as clientSends from './0013_client_sends';
import * as hashtags from './0014_hashtags';
import * as adminsIndex from './0015_admins_index';
import * as trendingTags from './0016_trending_tags';
import * as auditFilters from './0017_audit_filters';
import * as oneLetterSearch from './0018_one_letter_search';
import * as videoPosters from './0019_video_posters';
import * as memberReports from './0020_member_reports';
import * as postTopics from './0021_post_topics';
import * as textFormat from './0022_text_format';
import * as twoFactor from './0023_two_factor';
import * as sessionDevices from './0024_session_devices';
import * as accountData from './0025_account_data';
import * as oneExportAtATime from './0026_one_export_at_a_time';
import * as answerSearch from './0027_answer_search';
import * as imageBandLookups from './0028_image_band_lookups';
import * as chatUnreadByConversation from './0029_chat_unread_by_conversation';
import * as mediaPages from './0030_media_pages';

/**
 * Every migration, listed by hand: a bundler or a changed working directory cannot lose one,
 * and the order is the order of the names. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '0001_users': users,
  '0002_posts': posts,
  '0003_google': google,
  '0004_profiles': profiles,
  '0005_chat': chat,
  '0006_groups': groups,
  '0007_follow_lists': followLists,
  '0008_group_chat_reads': groupChatReads,
  '0009_group_member_pages': groupMemberPages,
  '0010_moderation': moderation,
  '0011_notifications': notifications,
  '0012_search': search,
  '0013_client_sends': clientSends,
  '0014_hashtags': hashtags,
  '0015_admins_index': adminsIndex,
  '0016_trending_tags': trendingTags,
  '0017_audit_filters': auditFilters,
  '0018_one_letter_search': oneLetterSearch,
  '0019_video_posters': videoPosters,
  '0020_member_reports': memberReports,
  '0021_post_topics': postTopics,
  '0022_text_format': textFormat,
  '0023_two_factor': twoFactor,
  '0024_session_devices': sessionDevices,
  '0025_account_data': accountData,
  '0026_one_export_at_a_time': oneExportAtATime,
  '0027_answer_search': answerSearch,
  '0028_image_band_lookups': imageBandLookups,
  '0029_chat_unread_by_conversation': chatUnreadByConversation,
  '0030_media_pages': mediaPages,
};
