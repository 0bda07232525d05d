/**
 * The load of a fair-load phase (fair-load.ts starts it in a process of its own, at the lowest scheduling
 * priority: on a real server the callers are other machines, and their requests, not their own CPU, are the
 * load). LOAD=uploads: 16 members' posts at a time; LOAD=flood: 32 anonymous clients from 127.0.0.2 repeating a
 * small query. Prints "ready" once the load runs, and, when its standard input closes, the number of its
 * requests and of those that failed, then exits.
 */
import { FLOOD_QUERY, graphql, photo, postPhoto } from './fair-load-requests.ts';

const { URL: url = '', ANON_KEY: anonKey = '', TOKEN: token = '', LOAD: load, CLIENTS = '1' } = process.env;
let stop = false;
let failed = 0;
let done = 0;
process.stdin.on('end', () => (stop = true));
process.stdin.resume();

const jpeg = load === 'uploads' ? await photo() : undefined;
const clients = Array.from({ length: Number(CLIENTS) }, async () => {
  while (!stop) {
    if (jpeg) {
      if (!(await postPhoto(url, anonKey, token, jpeg).catch(() => false))) failed++;
    } else await graphql(url, anonKey, FLOOD_QUERY, '127.0.0.2').catch(() => void failed++);
    done++;
  }
});
process.stdout.write('ready\n');
await Promise.all(clients);
process.stdout.write(`${done} ${failed}\n`);
