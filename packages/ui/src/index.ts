export { type Banner, BannerStrip, type BannerStripProps } from './components/banner-strip.tsx';
export {
  Button,
  type ButtonProps,
  type ButtonVariant,
  LinkButton,
  type LinkButtonProps,
} from './components/button.tsx';
export { CategorySection, type CategorySectionProps } from './components/category-section.tsx';
export { Checkbox, type CheckboxProps } from './components/checkbox.tsx';
export { type Choice, ChoiceGroup, type ChoiceGroupProps } from './components/choice-group.tsx';
export { CodeDisplay, type CodeDisplayProps } from './components/code-display.tsx';
export { CodeInput, type CodeInputProps } from './components/code-input.tsx';
export { Countdown, type CountdownProps } from './components/countdown.tsx';
export { DetailList } from './components/detail-list.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';
export { ErrorState, type ErrorStateProps } from './components/error-state.tsx';
export { Header, type HeaderProps } from './components/header.tsx';
export { HeaderBalance, type HeaderBalanceProps } from './components/header-balance.tsx';
export { HeaderButton, type HeaderButtonProps } from './components/header-button.tsx';
export { BackIcon, CloseIcon, MenuIcon } from './components/icons.tsx';
export { Keypad, type KeypadKey, type KeypadProps } from './components/keypad.tsx';
export { ListButton, type ListButtonProps } from './components/list-button.tsx';
export {
  type LoadAction,
  type LoadEmpty,
  type LoadFailure,
  LoadState,
  type LoadStateProps,
  type LoadStatus,
  loadStatus,
} from './components/load-state.tsx';
export { Modal, type ModalProps } from './components/modal.tsx';
export { Notice, type NoticeProps, type NoticeTone } from './components/notice.tsx';
export { Price, type PriceProps } from './components/price.tsx';
export { ProductCard, type ProductCardProps } from './components/product-card.tsx';
export { type CatalogueGroup, ProductCatalogue, type ProductCatalogueProps } from './components/product-catalogue.tsx';
export { ProductGrid, type ProductGridItem, type ProductGridProps } from './components/product-grid.tsx';
export { Select, type SelectOption, type SelectProps } from './components/select.tsx';
export {
  SideMenu,
  type SideMenuAction,
  type SideMenuItem,
  type SideMenuLink,
  type SideMenuProps,
} from './components/side-menu.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { StarRating, type StarRatingProps } from './components/star-rating.tsx';
export { StatusScreen, type StatusScreenProps, type StatusTone } from './components/status-screen.tsx';
export { type TabItem, Tabs, type TabsProps } from './components/tabs.tsx';
export { TextField, type TextFieldProps } from './components/text-field.tsx';
export { useKeptCaret } from './hooks/use-kept-caret.ts';
export { ThemeRoot, type ThemeRootProps } from './theme/theme-root.tsx';
export { ThemedPortal } from './theme/themed-portal.tsx';
export { type Palette, type ThemeName, themes, themeVariables } from './theme/themes.ts';
export { type ButtonWidth, buttonWidths, type FontSize, fontSizes } from './theme/tokens.ts';
