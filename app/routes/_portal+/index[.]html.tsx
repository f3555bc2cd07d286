/** §2: another address of the home lobby. */
export { default, loader, meta } from "./index";
