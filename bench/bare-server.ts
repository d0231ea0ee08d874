/**
 * @module The yardstick: a bare `node:http` server answering one constant JSON body, shaped and
 * sized like a get-session answer. DESIGN.md's target is at least half of its throughput.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({
  session: {
    id: 'x'.repeat(32),
    userId: 'y'.repeat(32),
    token: 'z'.repeat(32),
    expiresAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ipAddress: '127.0.0.1',
    userAgent: null,
  },
  user: {
    id: 'y'.repeat(32),
    name: 'Bench User',
    email: 'bench@example.com',
    emailVerified: false,
    image: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
});

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
