// Text made safe inside HTML or XML text and quoted attribute values: the one escaper for markup
// written by hand (the error screen's message, the sitemap, the dev server's content-error page).
// React escapes what it renders itself.
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
