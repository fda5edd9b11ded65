import { TextParam, ToTrimmed } from '../../common/validation';
import { CredentialOptIn, LoginTokenParam } from './check-login.dto';

export const EXAMPLE_QRCODE_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** Body of POST /checkAppLoginQr (and its alias). */
export class CheckAppLoginBody {
  /** The `qrcodeId` returned by /getAppLoginQr (upstream's qrcodeID; it also names an MQTT topic, so no `/`, `+` or `#`). */
  @TextParam({
    required: true,
    read: ToTrimmed(),
    string: true,
    match: { pattern: /^[A-Za-z0-9_.:=-]{1,128}$/, message: 'qrcodeId must be 1 to 128 characters of letters, digits, _, ., :, = or -' },
    description: 'The `qrcodeId` returned by /getAppLoginQr: 1 to 128 characters of letters, digits, _, ., :, = or -.',
    example: EXAMPLE_QRCODE_ID,
  })
  qrcodeId: string;

  @LoginTokenParam()
  loginToken?: string;

  @CredentialOptIn()
  credential?: boolean;
}
