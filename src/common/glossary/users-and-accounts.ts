import type { GroupEntries } from './entry';

/** The glossary's "Users and accounts" names (src/common/glossary.ts merges the groups). */
export const USERS_AND_ACCOUNTS: GroupEntries<'Users and accounts'> = {
  avatarUrl: {
    group: 'Users and accounts',
    meaning: 'An avatar URL (a user\'s, a commenter\'s, a relation entry\'s).',
    type: 'string',
    upstream: '`headpic` / `avatarurl` / `AvatarUrl`, or built from the uin or key',
    fixedBy: 'avatar `{ avatarUrl, message }`',
  },
  createdPlaylistCount: { group: 'Users and accounts', meaning: 'How many playlists the user created.', type: 'integer', upstream: '`mydiss.num`' },
  encryptUin: { group: 'Users and accounts', meaning: 'An account\'s encrypted id, which some upstream calls take instead of the number.', type: 'string', upstream: '`encrypt_uin`' },
  encUin: {
    group: 'Users and accounts',
    meaning: '/getRelationList: a user entry\'s encrypted id (\'\' for a singer).',
    type: 'string',
    upstream: 'RelationList `EncUin`',
    keptBy: '/getRelationList, the Koa project fork\'s route, answered as it always was',
    sameAs: 'encryptUin',
  },
  isFollow: { group: 'Users and accounts', meaning: 'Whether the logged-in account follows this one.', type: 'boolean', upstream: 'RelationList `IsFollow`' },
  liked: { group: 'Users and accounts', meaning: 'The liked-songs entry `{ id, title, songCount, albumCount, playlistCount }` (null without one); a song\'s liked state now; a state per MID asked.', type: 'object | boolean | null', upstream: 'the homepage\'s `mymusic`; the write; IsSongFanByMid' },
  nick: { group: 'Users and accounts', meaning: 'A user\'s nickname (a commenter\'s, a profile\'s, a followed user\'s).', type: 'string', upstream: '`nick` / `Nick`', fixedBy: 'comment list `nick`' },
  nickname: { group: 'Users and accounts', meaning: 'A user\'s nickname (profiles, followed users and fans).', type: 'string', upstream: '`nick`', deprecatedFor: 'nick' },
  playlistCount: { group: 'Users and accounts', meaning: 'The liked entry\'s playlist count.', type: 'integer', upstream: '`num2`' },
  uin: {
    group: 'Users and accounts',
    meaning: 'An account number: the one asked, the login\'s (a session\'s), or a stored login\'s masked (`12******90`, null when none is known).',
    type: 'string | null',
    upstream: 'the request; the `uin` cookie',
    fixedBy: 'login session `uin`',
  },
  users: { group: 'Users and accounts', meaning: 'A list of users (followed users, fans).', type: '{ nick, avatarUrl, encryptUin }[]', upstream: 'friend_follow_or_listen_list.fcg' },
};
