/**
 * The proxies that stand between a client and our functions and append to X-Forwarded-For: Google's
 * front end (the load balancer in front of Cloud Run, which Cloud Functions 2nd gen run on) and
 * Firebase Hosting's CDN, which forwards a rewritten request to the function through it.
 *
 * - Google's front-end proxies: 35.191.0.0/16 and 130.211.0.0/22, the source ranges Google Cloud
 *   documents for its load balancers' proxies and health checks.
 * - Firebase Hosting's CDN is Fastly's: the ranges of Fastly's public list
 *   (https://api.fastly.com/public-ip-list) as public projects copy it; nothing here may fetch it at
 *   run time, so compare it with the live list when deploying.
 *
 * A list that falls behind only makes a Hosting request count under Hosting's address (stricter,
 * never looser); docs/firebase.md says how to check it after a deploy.
 */
export const FRONT_END_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['35.191.0.0', 16],
  ['130.211.0.0', 22],
  ['23.235.32.0', 20],
  ['43.249.72.0', 22],
  ['103.244.50.0', 24],
  ['103.245.222.0', 23],
  ['103.245.224.0', 24],
  ['104.156.80.0', 20],
  ['146.75.0.0', 16],
  ['151.101.0.0', 16],
  ['157.52.64.0', 18],
  ['167.82.0.0', 17],
  ['172.111.64.0', 18],
  ['185.31.16.0', 22],
  ['199.27.72.0', 21],
  ['199.232.0.0', 16],
  ['2a04:4e40::', 32],
  ['2a04:4e42::', 32],
];
