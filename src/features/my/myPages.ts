// The pages of /my and its sub-pages, for their route files. NOTE: the four routes import their
// component through this one module so that the bundler keeps them in one lazy chunk; imported
// each from its own file, they split the modules they share with the main bundle (Field, toast,
// the invites API) into small chunks that the first load then fetches too (+1.4 kB gzip on /).
export { MyInvitePage } from "./MyInvitePage";
export { MyManagerPage } from "./MyManagerPage";
export { MyPage } from "./MyPage";
export { MySettingsPage } from "./MySettingsPage";
