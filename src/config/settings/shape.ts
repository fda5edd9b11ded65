import { oneOf } from '../setting';

export const RESPONSE_SHAPES = ['normalised', 'legacy'] as const;

export const SHAPE = {
  RESPONSE_SHAPE: oneOf({
    key: 'responseShape',
    values: RESPONSE_SHAPES,
    default: 'normalised',
    description: "Default response shape: the envelope `{ code, msg, data }`, or legacy = the older qq-music-api's `{ response: <upstream> }`.",
  }),
};
