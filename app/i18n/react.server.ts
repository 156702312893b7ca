/** The server's `useTranslation`: react-i18next's, reading the i18next instance entry.server.tsx provides. */
export { useTranslation } from "react-i18next";
