/** The product's name, shown in the top bar, the landing badge and the page title. */
export const PRODUCT_NAME = 'Snapshire';
