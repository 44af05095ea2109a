/** Where the dark-mode choice is kept; absent means "follow the system". */
export const THEME_STORAGE_KEY = "latchkey.theme";

/**
 * Runs in <head> before the first paint, so a dark page never flashes light: the same rule as the
 * toggle (stored choice, else the system's preference), as a class on <html>.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="dark"||(!t&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch(e){}`;
