import { expect, type Locator, test } from '@playwright/test';

/** Issue 15 point 18: at 360 px, the narrowest phone the app is drawn for, words stay inside their boxes. */
test.use({ viewport: { width: 360, height: 740 } });

/** True when the element's text fits its box: nothing overflows, sideways or onto a second line. */
async function fitsOnOneLine(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return node.scrollWidth <= node.clientWidth && text.height < lineHeight * 1.5 && text.width <= box.width;
  });
}

test(
  'the keypad keys hold their labels, Cancelar and Regresar included',
  { tag: '@every-phone' },
  async ({ page }, info) => {
    await page.goto(`/${info.project.name === 'iphone-14' ? 'teclado2' : 'teclado'}`);
    await page.getByRole('tab', { name: 'Insertar monedas' }).click();
    const keypad = page.getByRole('group', { name: 'Teclado de la máquina' });
    await expect(keypad.getByRole('button', { name: '7' })).toBeVisible();

    const keys = await keypad.getByRole('button').all();
    const overflowing: string[] = [];
    for (const key of keys) if (!(await fitsOnOneLine(key))) overflowing.push((await key.textContent()) ?? '');

    expect(overflowing).toEqual([]);
  },
);
