import { Type } from '@sinclair/typebox';
import { Bool, Enum, Int, Nullable, Obj, Optional, type Static, Str } from '../common/answer-schema';

/** What /user/credential/status answers (decision 021: the schema is also the type CredentialService.describe returns). */

export const REFRESH_OUTCOMES = ['ok', 'auth_expired', 'restricted', 'too_frequent', 'bad_params', 'error'] as const;

export const LastRefresh = Obj({
  at: Str({ description: 'When it ran (ISO 8601).' }),
  outcome: Enum(REFRESH_OUTCOMES),
  ok: Bool({ description: 'outcome is ok.' }),
  code: Optional(Int({ description: 'The upstream code of a failed refresh.' })),
  message: Str({ description: 'What the outcome means for the operator.' }),
});

export const CredentialStatus = Obj({
  present: Bool({ description: 'Whether a login is stored.' }),
  store: Enum(['file', 'redis'] as const, { description: 'Where the stored login lives: COOKIE_FILE, or Redis with REDIS_URL.' }),
  unsaved: Optional(Bool({ description: 'Only when true: this instance uses a login Redis has not taken yet; other instances do not have it.' })),
  // A nullable enum lists null among its values (OpenAPI 3.0.3), or a validator refuses the null.
  loginType: Type.Unsafe<'qq' | 'wechat' | 'unknown' | null>({
    type: 'string',
    nullable: true,
    enum: ['qq', 'wechat', 'unknown', null],
    description: 'null without a stored login; unknown for a cookie-only login.',
  }),
  uin: Nullable(Str({ description: 'The account, masked (`12******90`); null when none is known.' })),
  refreshable: Bool(),
  notRefreshableReason: Optional(Str({ description: 'Why a stored login cannot be refreshed (absent when it can, or when none is stored).' })),
  expiresAt: Nullable(Str({ description: 'When the login key expires (ISO 8601); null when the credential does not say.' })),
  secondsToExpiry: Nullable(Int()),
  expired: Nullable(Bool()),
  refreshMarginSeconds: Int({ description: 'CREDENTIAL_REFRESH_MARGIN_S: how long before expiry a refresh starts.' }),
  lastRefresh: Nullable(LastRefresh),
  needsLogin: Bool({ description: 'No login stored, or the last refresh failed for good: scan a QR code.' }),
  nextRefreshNotBefore: Optional(Str({ description: 'After a failed refresh that will be tried again: not before this time (ISO 8601).' })),
});
export type CredentialStatus = Static<typeof CredentialStatus>;
