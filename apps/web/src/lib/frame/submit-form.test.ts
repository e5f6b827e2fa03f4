import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { submitForm } from './submit-form.ts';

function form() {
  const element = document.createElement('form');
  element.innerHTML = '<input name="name"><input name="phone"><input name="email">';
  document.body.replaceChildren(element);
  const [name, phone, email] = [...element.querySelectorAll('input')];
  const event = { preventDefault() {}, currentTarget: element } as unknown as FormEvent<HTMLFormElement>;
  return { name, phone, email, event };
}

const painted = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('issue 15 point 20: a refused form', () => {
  it('moves focus to the first field in error', async () => {
    const { phone, email, event } = form();
    submitForm(event, () => {
      phone?.setAttribute('aria-invalid', 'true');
      email?.setAttribute('aria-invalid', 'true');
    });
    await painted();
    expect(document.activeElement).toBe(phone);
  });

  it('leaves focus where it is when the form is accepted', async () => {
    const { name, event } = form();
    name?.focus();
    submitForm(event, () => {});
    await painted();
    expect(document.activeElement).toBe(name);
  });
});
