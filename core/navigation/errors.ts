// Typed errors of the navigation model, so the shell can tell them apart (an unknown product type is
// shown as such, docs/navigation.md#navigation-drawer) and tests can assert them.

export class NavigationError extends Error {
  override name = 'NavigationError';
}

/** docs/navigation.md#navigation-drawer: the device menu exists only for the product types it lists. */
export class UnknownProductTypeError extends NavigationError {
  override name = 'UnknownProductTypeError';
  readonly productType: string;
  constructor(productType: string) {
    super(`Unknown product type for the device menu: ${productType || '(empty)'}`);
    this.productType = productType;
  }
}

/** A placeholder or id the current page does not give (docs/navigation.md#navigation-drawer link rules). */
export class MissingNavValueError extends NavigationError {
  override name = 'MissingNavValueError';
  readonly valueName: string;
  constructor(valueName: string) {
    super(`Navigation needs ${valueName}, which the current page does not give`);
    this.valueName = valueName;
  }
}

/** docs/navigation.md#navigation-drawer: external links are forbidden in navigation. */
export class ExternalLinkError extends NavigationError {
  override name = 'ExternalLinkError';
  readonly link: string;
  constructor(link: string) {
    super(`External links are not allowed in navigation: ${link}`);
    this.link = link;
  }
}

/** A navigation link that is not a path of the console's route registry. */
export class InvalidNavLinkError extends NavigationError {
  override name = 'InvalidNavLinkError';
  readonly link: string;
  constructor(link: string, reason: string) {
    super(`Invalid navigation link ${JSON.stringify(link)}: ${reason}`);
    this.link = link;
  }
}
