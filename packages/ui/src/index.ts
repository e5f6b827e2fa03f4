export { type ButtonWidth, buttonWidths, type FontSize, fontSizes } from './theme/tokens.ts';
