/** Sends the browser to the payment gateway's page (a full navigation: it is another site). */
export const goToGateway = (url: string) => window.location.assign(url);
