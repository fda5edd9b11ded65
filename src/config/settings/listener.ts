import { checkHost } from '../config-parsers';
import { checkedBy, custom, int } from '../setting';

export const LISTENER = {
  PORT: int({ key: 'port', default: 3200, min: 0, max: 65535, note: '0 = any free port', description: 'Port the HTTP server listens on.' }),
  HOST: custom({
    key: 'host',
    default: '0.0.0.0',
    accepts: 'an IP address (`0.0.0.0` every IPv4 interface, `::` every interface, `127.0.0.1` this machine only) or a host name',
    description: 'Address the HTTP server listens on.',
    parse: checkedBy(checkHost),
  }),
};
