// Baseline HTTP server for the benchmark: node:http, JSON.parse then JSON.stringify of the body,
// no game logic. Usage: node bench/node_baseline.mjs PORT
import http from 'node:http';

const port = Number(process.argv[2] ?? 8090);
http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let out = '{}';
      try {
        out = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end('{"error":"Invalid body"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(out);
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`node baseline on 127.0.0.1:${port}`));
