/**
 * A minimal MQTT 5 broker over WebSocket, playing mu.y.qq.com's push service of the QQ Music app QR login
 * (docs/upstream/login.md "QQ Music app QR login"). It takes the CONNECT, acknowledges each SUBSCRIBE, answers pings,
 * logs what it received, and lets a test (or the demo route) push a QR's states to whoever subscribed to its topic.
 * Packets are read and written by `mqtt-packet` (MQTT.js's own codec); the WebSocket is the `ws` package's.
 *
 * Recognisable fake behaviour: no authentication, no retained messages, no QoS above 0; `down` refuses every upgrade.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import mqttPacket, { type IConnectPacket, type Packet } from 'mqtt-packet';
import { WebSocketServer, type WebSocket } from 'ws';

export const MQTT_PATH = '/ws/handshake';
const PROTOCOL = { protocolVersion: 5 } as const;

/** What the broker received, in order. */
export type BrokerEvent =
  | { kind: 'connect'; clientId: string; protocolVersion: number; userProperties: Record<string, string | string[]>; authenticationMethod?: string; headers: Record<string, string | undefined> }
  | { kind: 'subscribe'; clientId: string; topics: string[]; userProperties: Record<string, string | string[]> }
  | { kind: 'disconnect'; clientId: string }
  /** The socket closed; `clean` when a DISCONNECT came first. */
  | { kind: 'close'; clientId: string; clean: boolean };

interface Session {
  socket: WebSocket;
  clientId: string;
  topics: Set<string>;
  disconnected: boolean;
}

export class FakeMqttBroker {
  readonly events: BrokerEvent[] = [];
  /** While true every WebSocket upgrade is refused (503), as when the push service is down. */
  down = false;
  private readonly wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) });
  private readonly sessions = new Set<Session>();

  /** Serves MQTT on `server`'s WebSocket upgrades at MQTT_PATH. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.down || new URL(req.url ?? '/', 'http://fake').pathname !== MQTT_PATH) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws, req));
    });
  }

  /** Clients subscribed to a topic now. */
  subscribers(topic: string): number {
    return [...this.sessions].filter((s) => s.topics.has(topic)).length;
  }

  /** Open connections now. */
  get connections(): number {
    return this.sessions.size;
  }

  /** Publishes a message with user property `type` (and a JSON payload) to every subscriber of `topic`; how many got it. */
  publish(topic: string, type: string, payload: unknown = {}): number {
    const packet = mqttPacket.generate(
      { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, dup: false, retain: false, properties: { userProperties: { type } } },
      PROTOCOL,
    );
    let sent = 0;
    for (const session of this.sessions) {
      if (!session.topics.has(topic)) continue;
      session.socket.send(packet);
      sent++;
    }
    return sent;
  }

  /** Drops every connection without a DISCONNECT (the service going away mid-login). */
  dropAll(): void {
    for (const session of this.sessions) session.socket.terminate();
  }

  reset(): void {
    this.events.length = 0;
    this.down = false;
  }

  close(): void {
    this.dropAll();
    this.wss.close();
  }

  private serve(socket: WebSocket, req: IncomingMessage): void {
    const session: Session = { socket, clientId: '', topics: new Set(), disconnected: false };
    this.sessions.add(session);
    const parser = mqttPacket.parser(PROTOCOL);
    const send = (packet: Packet) => socket.send(mqttPacket.generate(packet, PROTOCOL));
    parser.on('packet', (packet: Packet) => {
      switch (packet.cmd) {
        case 'connect':
          return this.connected(session, packet, req, send);
        case 'subscribe': {
          const topics = packet.subscriptions.map((s) => s.topic);
          for (const topic of topics) session.topics.add(topic);
          this.events.push({ kind: 'subscribe', clientId: session.clientId, topics, userProperties: packet.properties?.userProperties ?? {} });
          return send({ cmd: 'suback', messageId: packet.messageId, granted: topics.map(() => 0) });
        }
        case 'pingreq':
          return send({ cmd: 'pingresp' });
        case 'disconnect':
          session.disconnected = true;
          this.events.push({ kind: 'disconnect', clientId: session.clientId });
          return socket.close();
        default:
          return undefined;
      }
    });
    parser.on('error', () => socket.terminate());
    socket.on('message', (data: Buffer) => parser.parse(data));
    socket.on('close', () => {
      this.sessions.delete(session);
      this.events.push({ kind: 'close', clientId: session.clientId, clean: session.disconnected });
    });
  }

  private connected(session: Session, packet: IConnectPacket, req: IncomingMessage, send: (packet: Packet) => void): void {
    session.clientId = packet.clientId;
    this.events.push({
      kind: 'connect',
      clientId: packet.clientId,
      protocolVersion: packet.protocolVersion ?? 0,
      userProperties: packet.properties?.userProperties ?? {},
      authenticationMethod: packet.properties?.authenticationMethod,
      headers: { origin: req.headers.origin, referer: req.headers.referer },
    });
    send({ cmd: 'connack', returnCode: 0, reasonCode: 0, sessionPresent: false });
  }
}
