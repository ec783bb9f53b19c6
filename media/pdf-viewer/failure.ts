/**
 * What the viewer shows instead of a document it cannot display: a sentence that says why and
 * the buttons that get the user out (re-index, show the file), or a password prompt. Never a
 * blank panel.
 */
import { host } from './host';

const panel = () => document.getElementById('failure') as HTMLDivElement;

export function showFailure(message: string, kind: 'damaged' | 'missing' | 'unreadable'): void {
  const box = panel();
  box.replaceChildren();
  const text = document.createElement('p');
  text.className = 'failure-message';
  text.textContent = message;
  box.append(text);
  const actions = document.createElement('div');
  actions.className = 'failure-actions';
  const button = (label: string, action: 'reindex' | 'reveal' | 'openAsText') => {
    const b = document.createElement('button');
    b.textContent = label;
    b.addEventListener('click', () => host.postMessage({ type: 'action', action }));
    actions.append(b);
  };
  button('Re-index the workspace', 'reindex');
  button(kind === 'missing' ? 'Show the folder' : 'Reveal in Explorer', 'reveal');
  box.append(actions);
  box.hidden = false;
}

export function askPassword(fileName: string, wrong: boolean, submit: (password: string) => void): void {
  const box = panel();
  box.replaceChildren();
  const text = document.createElement('p');
  text.className = 'failure-message';
  text.textContent = wrong
    ? `Wrong password for ${fileName}. Try again:`
    : `${fileName} is password-protected. Enter its password to open it (it is not stored):`;
  const form = document.createElement('form');
  const input = document.createElement('input');
  input.type = 'password';
  input.id = 'passwordInput';
  const ok = document.createElement('button');
  ok.type = 'submit';
  ok.textContent = 'Open';
  form.append(input, ok);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(input.value);
  });
  box.append(text, form);
  box.hidden = false;
  input.focus();
}

export function clearFailure(): void {
  panel().hidden = true;
}
