// Tailwind 4 reads its theme from app/globals.css (@theme); this file names the content roots
// and the dark-mode strategy so that editors and tools that look for a config find one.
const config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  darkMode: "class",
};
export default config;
