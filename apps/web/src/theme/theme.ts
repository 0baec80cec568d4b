import { CHART_PRIMARY } from '@app/contract'
import type { Theme } from '../app/prefs.ts'

/**
 * Brand tokens; antd derives everything else from them. The chart blue (#3A93F9, docs/requirements.md §18.2) stays the charts' colour
 * and the dark theme's primary, where it reads at 5.9:1 on the page. On white it reads at only 3.1:1,
 * too faint for selected menu items and links, so the light theme uses a deeper blue of the same hue
 * (5.2:1 on white, 4.6:1 on the selected-item background).
 */
export function brandToken(theme: Theme) {
  const primary = theme === 'dark' ? CHART_PRIMARY : '#1668dc'
  return {
    colorPrimary: primary,
    // antd derives links from its info blue (#1677ff, 4.0:1 on white): links take the primary instead.
    colorLink: primary,
    colorInfo: primary,
    // Hovered and pressed links and buttons: antd lightens the light theme's blue on hover (3.5:1 on
    // white, and white on it 3.5:1) and darkens the dark theme's link on hover (2.1:1 on the page);
    // both keep 4.5:1 here (a hovered control is what a person reads while pointing at it).
    ...(theme === 'dark'
      ? { colorLinkHover: '#5ba1e8', colorLinkActive: CHART_PRIMARY }
      : { colorPrimaryHover: '#0958d9', colorLinkHover: '#0958d9', colorLinkActive: '#094bb5' }),
    // Secondary and descriptive text (antd: 45 % black, 3.4:1 on white; 45 % white, 4.0:1 on the dark
    // page) is darkened to 6:1 and lightened to 5.3:1, so it meets WCAG AA's 4.5:1 (axe-core in the
    // screens journey).
    colorTextTertiary: theme === 'dark' ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: theme === 'dark' ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.62)',
    // antd's error red (#ff4d4f) reads at 3.3:1 on white: danger buttons and error texts take red-7;
    // success texts green-8 (5.1:1 on the grey page) and warning texts gold-9 (6.2:1; gold-8 is 4.0:1).
    // In the dark theme error texts (red amounts, danger text) take the lighter red of its palette:
    // antd's #dc4446 reads at 4.3:1 on a dark card (theme.test.ts checks every text colour).
    ...(theme === 'dark'
      ? { colorErrorText: '#e86e6b' }
      : { colorError: '#cf1322', colorSuccessText: '#237804', colorWarningText: '#874d00' }),
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Myanmar', 'Helvetica Neue', Arial, sans-serif",
  }
}

/**
 * Component tokens per theme. In the dark theme antd marks the selected menu item with blue text on a
 * blue-tinted background (2.9:1); white on a solid blue reads at 5.2:1. For the same reason a solid
 * (primary) button's white text sits on the deeper blue in the dark theme too (3.0:1 on the chart blue),
 * also when hovered (4.8:1) and pressed.
 */
export function componentTokens(theme: Theme) {
  return theme === 'dark'
    ? {
        Menu: { itemSelectedColor: '#ffffff', itemSelectedBg: '#1668dc', subMenuItemSelectedColor: '#ffffff' },
        // Danger buttons: a lighter red for outlined ones' text (6.6:1 on the page), with dark text on the
        // solid ones (antd's dark red reads at 4.2:1 on the page).
        Button: {
          colorPrimary: '#1668dc',
          colorPrimaryHover: '#1f6fe0',
          colorPrimaryActive: '#0958d9',
          // A default button's text and border on hover: the lighter blue, not the solid buttons' fill.
          defaultHoverColor: '#5ba1e8',
          defaultHoverBorderColor: '#5ba1e8',
          colorError: '#ff7875',
          colorErrorHover: '#ffa39e',
          colorErrorActive: '#ff4d4f',
          dangerColor: 'rgba(0, 0, 0, 0.88)',
        },
      }
    : {}
}
