/** Text made safe to write into HTML, in an element or an attribute: the viewer's page and its preview. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
