/**
 * `npm start` runs Express and React in production mode, `npm run dev` (`--dev`) in
 * development mode. Imported first by server/main.ts: React and Express read NODE_ENV
 * when they load.
 */
process.env.NODE_ENV = process.argv.includes("--dev") ? "development" : "production";
