/** Where `npm run dev`'s API responds while the web app runs on Vite's dev server (`npm run dev:web`). */
export const devApiOrigin = 'http://localhost:8080';
