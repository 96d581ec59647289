export { default } from "../(portal)/loading";
