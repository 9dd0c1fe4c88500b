// Mantine's preset gives rem()/light-dark() mixins; simple-vars exposes Mantine's breakpoints
// as $mantine-breakpoint-* so media queries in CSS modules match the theme (spec §9: xs–xl).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
