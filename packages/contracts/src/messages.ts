import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_SORTS } from './constants.ts';

/**
 * Every message people read that the spec words, in one place. Typos of the source
 * system are corrected as product decision D6 says. An empty required field says what is
 * missing ('… is required'); a filled but malformed one says what is wrong with it.
 */
export const MSG = {
  genericError: 'Error occurred, please try again later.',
  notFound: 'The requested resource was not found.',
  apiNotFound: 'No such API operation.',
  unauthorized: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do that.',
  xsrf: 'The request could not be verified. Please reload the page and try again.',
  invalidInput: 'Please check the highlighted fields.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  addressTooLong: 'The address is too long.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  serversShareFolder:
    'Several servers share this database but this one keeps files in a local folder: set S3_BUCKET so that every server reads the same files.',
  pageNotFoundText: 'The page you are looking for might be in another castle.',
  fileTooBig: 'The file you selected is too big. Max file size limit is 5 MB',
  fileType: 'Please select a valid file type',
  required: 'This is required field',
  unstorableText: 'This contains a character that cannot be saved (such as a null character). Please retype it.',
  /** The last resort for a value no field rule words (see zod-messages.ts). */
  invalidValue: 'This value is not valid',
  pageCursorInvalid: 'This link to a page of the list is not valid. Go back to the first page of the list.',
  invalidEmail: 'Enter a valid e-mail address',
  invalidPhone: 'Enter a 10-digit phone number',
  digitsOnly: 'Use digits only',

  // Sign-in, registration and passwords (spec §5, §8).
  validEmailAddress: 'Valid email address is required',
  emailRequired: 'Email is required',
  emailInUse: 'Email address is already in use',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common; choose one that is harder to guess',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailChangeNeedsPassword: 'Enter your current password to change the e-mail you log in with',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidLogin: 'Invalid email or password.',
  accountDisabled: 'This account has been disabled. Please contact us.',
  wrongDoorSchool: 'These details belong to a school account. Please use the school login.',
  wrongDoorSponsor: 'These details belong to a sponsor account. Please use the sponsor login.',
  wrongDoorStaff: 'Staff members sign in through the employee login.',
  loggedIn: 'You are logged in.',
  registered: 'Your school account has been created.',
  loggedOut: 'You have been logged out.',
  resetSent: 'If an account exists for that e-mail address, we have sent it a link to reset the password.',
  resetKeyInvalid: 'This password link is invalid or has expired. Please request a new one.',
  passwordSet: 'Your password has been set. You can now log in.',
  passwordChanged: 'Your password has been changed.',
  emailAvailable: 'Email address is available',

  // Profiles (spec §5).
  detailsSaved: 'Your details have been saved.',
  websiteInvalid: 'Website URL is not correct',
  wholeNumber: 'Please enter a whole number',
  phoneRequired: 'Phone number is required',
  schoolNameRequired: 'School Name is required',
  addressRequired: 'Address is required',
  countyRequired: 'County is required',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Please enter a valid zip code',
  websiteRequired: 'Website is required',
  hodNameRequired: 'Principal or head of school name is required',
  hodEmailRequired: 'Principal or head of school email is required',
  primaryNameRequired: 'Primary contact name is required',
  primaryPositionRequired: 'Primary contact position is required',
  primaryEmailRequired: 'Primary contact email is required',
  primaryPhoneRequired: 'Primary contact phone is required',
  salesRepRequired: 'Sales representative is required',
  unknownState: 'Please choose a state from the list',
  unknownCounty: 'Please choose a county of the chosen state',
  unknownSalesRep: 'Please choose a sales representative from the list',

  // Contact forms (spec §5, D8).
  fullNameRequired: 'Full name is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  companyRequired: 'Company or School name is required',
  businessNameRequired: 'Business name is required',
  thankYouContact: 'Thank you for contacting us! We will get back to you soon.',
  thankYouInterest: 'Thank you for your interest.',

  // The sponsor's enquiry form (spec §5, §8).
  yourNameRequired: 'Your Name is required',
  companyNameRequired: 'Company name is required',
  enquiryNotFound: 'Enquiry not found.',
  enquiryReceived: 'Your enquiry has been received',

  // Catalogue (spec §4, §8).
  productNotFound: 'Product not found.',
  categoryNotFound: 'Category not found.',
  notOrderable: 'This product is not reserved through the order form. Please contact us for a quote.',
  notEnquirable: 'This product is reserved by schools through the order form.',
  schoolsOnly: 'Only schools can reserve products. Please log in as a school.',
  sponsorsOnly: 'Only sponsors can send enquiries. Please log in as a sponsor.',
  addedToOrder: 'Your reservation has been started.',
  enquiryStarted: 'Your enquiry has been started.',

  // The reservation form and checkout (spec §5, §8).
  selectSchoolYear: 'Please select school year',
  choosePaymentOption: 'Please choose a payment option',
  acceptTerms: 'Please accept terms and conditions',
  acceptToContinue: 'Please accept to continue.',
  fillRequiredFields: 'Please fill all required fields',
  multiplesOf50: 'Please enter number in multiples of 50',
  multiplesOf250: 'Please enter number in multiples of 250',
  changePaymentToFinalize: 'Change the payment option first to finalize the order.',
  chooseFromList: 'Please choose one of the options',
  orderNotFound: 'Order not found.',
  orderLocked: 'This order can no longer be changed. Please contact us to change it.',
  // Why an order can no longer be changed or cancelled by the school (D12): the one real reason.
  orderLockedCancelled: 'This order has been cancelled.',
  orderLockedPaid: 'This order has been paid: only our team can change or cancel it now.',
  orderLockedPartlyPaid: 'A payment has been received for this order: only our team can change or cancel it now.',
  orderLockedRefunded: 'This order has been refunded.',
  orderLockedPlaced: 'This order has been placed: only our team can change or cancel it now.',
  orderSaved: 'Your changes have been saved.',
  // Sales tax (D10): staff add it later, except to a school that is exempt.
  taxExemptNote: 'Your school is tax exempt: no sales tax is added.',
  taxAddedLater: 'Sales tax, where it applies, will be added to your order later by our team.',
  orderReserved: 'Your reservation is complete.',
  orderPlaced: 'Your order has been placed.',
  /** Finalized to be invoiced or paid now: it is placed only once checkout is done. */
  orderReadyForPayment: 'Your order is ready for payment.',
  orderChangedMeanwhile: 'This order was being changed at the same time. Please try again.',
  validDate: 'Enter a valid date',
  expiryRequired: 'Enter the date the certificate expires',
  fileNotFound: 'File not found.',
  fileRemoved: 'The file has been removed.',
  fileUploaded: 'The file has been uploaded.',
  fileContentMismatch: 'This file’s content does not match its type. Please select a valid file type',
  uploadNoFile: 'Please select a file to upload',
  uploadOneFile: 'Please upload one file at a time',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  storageUnavailable: 'Files cannot be reached right now. Please try again in a few minutes.',
  fileNotStored: 'The file could not be stored just now. Please try again in a moment.',
  orderNotPayable: 'This order has nothing to pay at checkout.',
  orderAlreadyPaid: 'This order has been paid.',
  paymentInProgress: 'A payment of this order has just been started. Please finish it, or try again in a minute.',
  paymentDeclined: 'Payment declined',
  paymentDeclinedText: 'Your payment was declined, please try again.',
  paymentStartFailed: 'Error occurred, please try again later.',
  /** The card gateway out of reach or too slow to answer. */
  paymentGatewayUnavailable: 'Card payments are not available just now. Please try again in a few minutes.',
  paymentBelowMinimum: 'The smallest amount that can be paid by card is $0.50.',
  returnViaInvalid: 'return_via must be success or cancel',

  // Sponsorships and their payments (spec §4, §5, §8).
  sponsorshipAmountInvalid: 'Please enter a valid amount (eg: 99.99)',
  sponsorshipNothingToPay: 'This sponsorship has nothing left to pay.',
  sponsorshipPaymentInProgress:
    'A payment of this sponsorship was started a moment ago and is still open on the payment page. Please finish it there, or try again in a minute.',
  selectSponsorship: 'Please select at least one sponsorship to continue.',
  sponsorshipIdRequired: 'sponsorship_id is required',
  paymentKeyRequired: 'payment_key is required',

  // The school's orders (spec §2 order details, §4 cancellation).
  orderCancelled: 'Your order has been cancelled.',
  orderNotCancellable: 'This order can no longer be cancelled here. Please contact us to cancel it.',
  orderDeliveredNotCancellable: 'This order has been delivered: it can no longer be cancelled.',
  tickToConfirm: 'Please tick to confirm',
  cancelSchoolNameRequired: 'School name is required',
  cancelRequestReceived: 'We have received your request to cancel this order. Our team will reply to you by e-mail.',
  cancelAlreadyRequested: 'We already have your request to cancel this order. Our team will reply to you by e-mail.',
  cancelYourself: 'You can still cancel this order yourself, with its Cancel button.',
  invoiceNeedsReservation: 'An invoice is made once the order is reserved. Download a quote instead.',
  cancelledNoDocument: 'A cancelled order has no invoice or quote.',
  invoiceNotIssuedForSchool:
    'No invoice has been issued for this order yet: it is issued when you place it to be invoiced now, or once it is delivered. Download a quote meanwhile.',
  documentTypeInvalid: 'Choose Invoice or Quote',
  reorderNotOffered: 'This order is already for the next school year: open it to change it.',
  reorderStarted: 'Your new order is ready: check it and complete the reservation.',
  faqCategoryRequired: 'fc_id is required',
  faqCategoryNotFound: 'No such help topic.',
  documentLinkExpired: 'This link has expired. Open the document again from the order.',
  freeTermsAccepted: 'Thank you: the free products’ terms are accepted.',
  noFreeTerms: 'This order has no free products whose terms need accepting.',

  // Read by API clients rather than people: the wire names appear as they are.
  slugRequired: 'slug is required',
  orderKeyRequired: 'order_key is required',
  enqIdRequired: 'enq_id is required',
  enqKeyRequired: 'enq_key is required',
  sendEmailInvalid: 'send_email must be 1',
  uploadNotMultipart: 'Send the file as multipart/form-data, in a part named cfile',
  uploadFieldsFirst: 'Send order_key, file_type and expires_on before cfile, and nothing after it',
  productIdRequired: 'product_id is required',
  qtyInvalid: 'qty must be a whole number from 1 to 100000',
  sortInvalid: `sort must be one of ${PRODUCT_SORTS.join(', ')}`,
  userTypeInvalid: 'usertype must be 4 or 5',
  schoolsRegisterOnly: 'Only schools can register here',
  sponsorshipDocumentLinkExpired: 'This link has expired. Open the summary again from the sponsorship.',

  // Pay links: a sponsorship paid without signing in, from a link staff sent.
  payLinkNotFound:
    'This payment link is not valid. Please check the address, or ask your sales representative for a new one.',
  payLinkExpired: 'This payment link has expired. Please ask your sales representative for a new one.',
  payLinkKeyRequired: 'link_key is required',
  payLinkAmountInvalid: 'The amount must be a whole number of cents above 0.',

  // Back office: school orders.
  orderMoveSame: 'The order already has this status.',
  orderMoveFinished: 'This order is finished: its status can no longer change.',
  orderMoveNotNext: 'The order cannot move to this status from its current one.',
  orderMoveAwaitsCard: 'The order waits for the school’s card payment: it cannot go further until it is paid.',
  orderMoveWrongDelivery: 'This status does not match the order’s delivery option.',
  orderCancelPaid: 'This order has received a payment: refund it before cancelling it.',
  orderStatusChanged: 'The order’s status has been changed.',
  orderDeliveryDateSet: 'The delivery date has been set.',
  orderDeliveryDateInvalid: 'Enter the delivery date as YYYY-MM-DD.',
  orderTaxSet: 'The tax has been added to the order.',
  orderTaxInvalid: 'The tax must be an amount from $0.00 to $100,000.00.',
  orderTaxRateInvalid: 'The tax rate must be from 0% to 25%, to two decimals.',
  orderTaxRateOrAmount: 'Give the tax as a rate or as an amount.',
  orderTooLarge:
    'An order above $5,000,000.00 cannot be reserved online: lower the quantities, or contact us to arrange it.',
  sponsorshipTooLarge: 'A sponsorship cannot cost more than $5,000,000.00: lower the quantities or the rates.',
  orderTaxCancelled: 'A cancelled or delivered order cannot be changed.',
  orderTaxRefunded: 'This order has been refunded: its tax can no longer change.',
  cancelRequestNotOpen: 'This order has no cancel request waiting for an answer.',
  cancelRequestApproved: 'The cancel request has been approved and the order cancelled.',
  cancelRequestDeclined: 'The cancel request has been declined.',
  cancelDeclineMessageRequired: 'Tell the school why its request is declined.',
  // The back office's sponsors, enquiries and requests.
  sponsorCreated: 'Sponsor created. We sent the invitation e-mail with a link to set a password.',
  sponsorSaved: 'Sponsor saved.',
  sponsorEmailInUse: 'This e-mail address already belongs to an account.',
  sponsorInvitationSent: 'Invitation sent again.',
  sponsorHasPassword: 'This sponsor has already set a password: they can use “Forgot password” if needed.',
  sponsorEnabled: 'Account enabled.',
  sponsorDisabled: 'Account disabled: the sponsor has been signed out.',
  repAssigned: 'Sales representative saved.',
  enquiryReplySent: 'Reply sent. The sponsor was told by e-mail.',
  enquiryReplyRequired: 'Write a reply',
  enquiryClosedSaved: 'Enquiry closed.',
  enquiryReopenedSaved: 'Enquiry reopened.',
  enquiryIsClosed: 'This enquiry is closed: reopen it to reply.',
  requestHandledSaved: 'Request marked as handled.',
  requestReopenedSaved: 'Request marked as open.',
  // Back office: sponsorships.
  adminAmountRequired: 'Enter an amount',
  adminItemTypeRequired: 'Enter the sponsorship type',
  adminItemQtyInvalid: 'Enter a whole quantity from 1 to 100,000',
  adminItemsRequired: 'Add at least one item',
  adminItemsTooMany: 'A sponsorship has at most 50 items',
  adminSponsorRequired: 'Choose the sponsor',
  adminYearRequired: 'Choose the school year',
  adminOfflineMethodRequired: 'Choose how it was paid',
  adminOfflineReferenceRequired: 'Enter the check number or the transfer reference',
  adminOfflineDateRequired: 'Enter the date it was received',
  adminOfflineDateInFuture: 'The date received cannot be in the future',
  adminOfflineAmountZero: 'Enter an amount above $0.00',
  adminOfflineDuplicate:
    'A payment with this reference is already recorded. Check the reference, or add the bank to it.',
  adminSponsorshipPaidLocked: 'Its items cannot be changed: a payment has been recorded for this sponsorship.',
  adminSponsorshipNotRequested: 'Only a requested sponsorship can be approved.',
  adminSponsorshipApproved: 'Sponsorship approved.',
  adminSponsorshipCreated: 'Sponsorship created.',
  adminSponsorshipItemsSaved: 'Items saved.',
  adminOfflinePaymentRecorded: 'Payment recorded.',
  adminCheckoutClosed: 'Checkout closed: what it held may be paid another way.',
  adminCheckoutWasPaid: 'That checkout had just been paid: the payment is counted.',
  adminCheckoutStillOpen:
    'The payment gateway could not close that checkout yet: it may be being paid right now. Try again in a few minutes.',
  adminCheckoutNotFound: 'No checkout of this sponsorship is open under that number.',
  adminCreditOrderRequired: 'Choose the order the credit pays',
  adminCreditOtherSchool: 'A school’s credit pays only its own orders: choose another of this school’s orders.',
  adminCreditNone: 'This order has no credit to apply.',
  adminCreditApplied: 'Credit applied: the school is e-mailed its receipt.',
  adminRefundPaymentNotFound: 'This payment is not one of the order’s.',
  receiptNotFound: 'No payment of this order has been received under that number.',
  adminRefundMethodRequired: 'Choose how the money goes back',
  adminRefundReasonRequired: 'Say why the money is refunded',
  adminRefundNotReceived: 'Only a payment received can be refunded.',
  adminRefundCardOnlyForCard:
    'Only a card payment can go back to its card: record the check or transfer you sent instead.',
  adminRefundGatewayDown:
    'The card refund could not be asked for now: nothing was refunded. Try again in a few minutes.',
  adminRefundRecorded: 'Refund recorded: the school is e-mailed.',
  adminRefundPending: 'Refund asked for: it counts once the card’s bank confirms it.',
  adminPayLinkSent: 'Pay link sent.',
  paymentProblemResolutionRequired: 'Choose what became of the money',
  paymentProblemNoteRequired: 'Say why, for the record',
  paymentProblemNotFound:
    'This payment is not waiting for a decision any more: someone may have just resolved it. Reload the list.',
  paymentProblemNotPaid:
    'The gateway does not report this payment as paid: there is nothing to record or refund. Mark it failed instead.',
  paymentProblemOverpays:
    'Recording it would pay more than the sponsorship owes: refund it to the card instead, or raise what the sponsorship owes first.',
  paymentProblemSplitAmount:
    'A payment of several sponsorships is recorded only at its own amount: the gateway took another, so refund it to the card.',
  paymentProblemOtherGateway:
    'This payment was taken by another gateway than the one the server uses now: resolve it there, then mark it failed.',
  paymentProblemRecorded: 'Payment recorded: the payer is e-mailed their receipt.',
  paymentProblemRefunded: 'Refund asked for: the payment counts for nothing.',
  paymentProblemFailed: 'Payment marked failed: what it held is released.',
  leaveUnsavedTitle: 'Leave without saving?',
  leaveUnsavedText: 'What you typed on this page is not saved yet. If you leave, it is lost.',
  leaveUnsavedConfirm: 'Leave',
  leaveUnsavedCancel: 'Stay',
  contentPageChanged:
    'Someone changed this page while you were editing it. Reload to see the change, then make yours again.',
  testimonialChanged:
    'Someone changed this testimonial while you were editing it. Reload to see the change, then make yours again.',
  faqTopicChanged:
    'Someone changed this topic while you were editing it. Reload to see the change, then make yours again.',
  faqChanged:
    'Someone changed this question while you were editing it. Reload to see the change, then make yours again.',
  adminSponsorshipChanged:
    'Someone changed this sponsorship while you were editing it. Reload to see the change, then make yours again.',
  adminSponsorChanged:
    'Someone changed this sponsor while you were editing it. Reload to see the change, then make yours again.',
  // Back office: content pages, testimonials, FAQs and site settings.
  contentPageSaved: 'Page saved. The site shows it now.',
  contentTitleRequired: 'Enter the page title',
  contentDescriptionRequired: 'Enter the page description',
  contentImageInvalid: 'Enter a picture address that starts with / or https://',
  contentImageSizeInvalid: 'Enter a whole number of pixels from 1 to 4,000',
  testimonialNameRequired: 'Enter the name of the person quoted',
  testimonialNoteRequired: 'Write what they said',
  testimonialCreated: 'Testimonial added.',
  testimonialSaved: 'Testimonial saved.',
  testimonialDeleted: 'Testimonial deleted.',
  faqTopicNameRequired: 'Enter the topic’s name',
  faqTopicSlugInvalid: 'Use lower-case letters, digits and single hyphens, e.g. school-accounts',
  faqTopicSlugInUse: 'Another topic already uses this address',
  faqTopicHasQuestions: 'This topic still has questions: move them to another topic or delete them first.',
  faqTopicCreated: 'Topic added.',
  faqTopicSaved: 'Topic saved.',
  faqTopicDeleted: 'Topic deleted.',
  faqTopicRequired: 'Choose the topic',
  faqQuestionRequired: 'Enter the question',
  faqAnswerRequired: 'Write the answer',
  faqCreated: 'Question added.',
  faqSaved: 'Question saved.',
  faqDeleted: 'Question deleted.',
  audienceInvalid: 'Choose who reads it',
  orderListMismatch: 'The list has changed since you opened it. Reload it and try again.',
  orderListSaved: 'Order saved.',
  settingsSaved: 'Settings saved. The site shows them now.',
  settingsChanged:
    'Someone changed a setting you changed while you were editing it. Reload to see their change, then make yours again.',
  settingProviderNameRequired: 'Enter the provider’s name',
  settingSupportEmailRequired: 'Enter the support e-mail address',
  settingSupportPhoneRequired: 'Enter the support phone number',
  settingAddressRequired: 'Enter the postal address',
  settingUrlRequired: 'Enter a web address',
  settingUrlInvalid: 'Enter a web address that starts with https:// or http://',
  settingVideoInvalid: 'Enter a web address (https://…) or a file on this site (/media/…)',
  settingLabelRequired: 'Enter the link’s text',
  settingCutoffInvalid: 'Enter a day of the year as MM-DD, e.g. 05-01 for May 1',
  settingTaxNoteRequired: 'Enter the sales-tax note',
  // Back office: schools, and invoices kept as issued.
  schoolNotFound: 'School not found.',
  schoolEnabled: 'Account enabled.',
  schoolDisabled: 'Account disabled. The school is signed out.',
  invoiceNotFound: 'Invoice not found.',
  invoiceNotIssuedYet: 'The order has no invoice yet. Issue its invoice first.',
  invoiceNoIncrease: 'There is no increase to invoice: the order’s amount is not above what was invoiced.',
  invoiceNoDecrease: 'There is nothing to credit: the order’s amount is not below what was invoiced.',
  invoiceAmountChanged: 'The order changed meanwhile. Look at the new amount and confirm again.',
  invoiceIssued: 'Invoice issued.',
  invoiceAlreadyIssued: 'The order’s invoice is already issued: download it from the list.',
  creditNoteIssued: 'Credit note issued.',
  invoiceKindInvalid: 'Choose an invoice, an invoice for the difference or a credit note',
  // Back office: cost sheets.
  costSheetPriceRequired: 'Enter a price (0.00 if it is free)',
  costSheetPriceInvalid: 'Enter the price in dollars and cents, e.g. 12.50',
  costSheetPriceNegative: 'A price cannot be negative',
  costSheetPriceTooHigh: 'A price can be at most $10,000.00',
  costSheetNotOrderable: 'This product is enquiry-only: it has no reservation form, so no cost sheet.',
  costSheetSaved: 'Cost sheet saved. New orders and orders still Pending use the new prices.',
  costSheetChanged:
    'Someone changed this cost sheet while you were editing it. Reload to see the change, then make yours again.',
  // Proofs of a school's custom cover and pages.
  proofShowsRequired: 'Choose what the proof shows: the cover or the pages',
  proofFileType: 'Please select a PDF, JPEG or PNG file',
  proofUploaded: 'Proof uploaded. The school has been e-mailed to approve it.',
  proofOrderClosed: 'This order is cancelled or delivered: no proof can be added to it.',
  proofAnswerRequired: 'Choose Approve or Ask for changes',
  proofCommentRequired: 'Please say what should be changed',
  proofAlreadyAnswered: 'This proof has already been answered.',
  proofApproved: 'Thank you! The proof is approved.',
  proofChangesRequested: 'Thank you! We will send you a new proof with your changes.',
  proofNotFound: 'Proof not found.',
  orderMoveProofWaiting:
    'A proof waits for the school’s answer: the order can go to In production once the school has answered it.',
  // Back office: the catalogue (categories, products, pictures, overview PDFs).
  catalogueSlugRequired: 'Enter the address name (slug)',
  catalogueSlugInvalid: 'Use lower-case letters, digits and single dashes, e.g. student-planners',
  catalogueCanonicalInvalid: 'Enter an address starting with /, http:// or https://',
  catalogueSortOrderInvalid: 'Enter a whole number from 0 to 100,000',
  categoryNameRequired: 'Enter the category name',
  categorySlugTaken: 'Another category already uses this address name',
  categoryCreated: 'Category created.',
  categorySaved: 'Category saved.',
  categoryDeleted: 'Category deleted.',
  categoryChanged:
    'Someone changed this category while you were editing it. Reload to see the change, then make yours again.',
  productCategoryRequired: 'Choose the category',
  productNameRequired: 'Enter the product name',
  productTypeRequired: 'Choose whether the product is ordered or enquired about',
  productPriceInvalid: 'Enter a price of $0.00 or more',
  productSlugTaken: 'Another product already uses this address name',
  productCreated: 'Product created.',
  productSaved: 'Product saved.',
  productChanged:
    'Someone changed this product while you were editing it. Reload to see the change, then make yours again.',
  catalogueFileRequired: 'Choose a file to upload',
  catalogueUploadNotMultipart: 'Send the file as multipart/form-data, in a part named file',
  pictureNotAccepted: 'Choose a JPEG, PNG or WebP picture: this file is not one.',
  pictureTooBig: 'The picture is too big: the limit is 5 MB.',
  pictureTooManyPixels: 'The picture has too many pixels: use one of at most 40 megapixels.',
  overviewNotPdf: 'Choose a PDF file: this file is not one.',
  overviewTooBig: 'The PDF is too big: the limit is 10 MB.',
  pictureUploaded: 'Picture added.',
  pictureSaved: 'Picture saved.',
  pictureDeleted: 'Picture deleted.',
  picturesOrdered: 'Pictures reordered.',
  picturesChanged: 'The pictures changed meanwhile: reload the page and order them again.',
  categoryImageSaved: 'Category picture saved.',
  overviewUploaded: 'Overview PDF saved.',
  overviewRemoved: 'Overview PDF removed.',

  // Order pay links and money owed.
  orderNothingToPay: 'This order has nothing left to pay.',
  orderPaymentAmountChanged: 'The amount of this order has changed. Please check it and pay again.',
  orderPayLinkNotPayable:
    'A pay link can be sent once the order is placed for payment or invoiced, while it has a balance to pay.',

  // Back office: staff accounts.
  staffFirstNameRequired: 'Enter the first name',
  staffLastNameRequired: 'Enter the last name',
  staffRoleRequired: 'Choose administrator or sales representative',
  staffCreated: 'Staff member created. We sent the invitation e-mail with a link to set a password.',
  staffDisabled: 'Account disabled: the staff member has been signed out.',
  staffCannotDisableSelf: 'You cannot disable your own account. Ask another administrator.',
  staffHasPassword: 'This staff member has already set a password.',
  staffInvitationDisabled: 'Enable the account before sending the invitation again.',
} as const;

/** A message that names a limit or a parameter; `pattern` recognizes every text it makes. */
type MessageBuilder<A extends unknown[]> = ((...args: A) => string) & { pattern: RegExp };
const builder = <A extends unknown[]>(make: (...args: A) => string, pattern: RegExp): MessageBuilder<A> =>
  Object.assign(make, { pattern });

const count = (n: number) => n.toLocaleString('en-US');

export const tooLong = builder(
  (max: number) => `Use at most ${count(max)} characters`,
  /^Use at most [\d,]+ characters$/,
);
export const tooShort = builder(
  (min: number) => `Use at least ${count(min)} characters`,
  /^Use at least [\d,]+ characters$/,
);
export const numberTooSmall = builder(
  (min: number) => `Enter a number of at least ${count(min)}`,
  /^Enter a number of at least -?[\d,]+$/,
);
export const numberTooBig = builder(
  (max: number) => `Enter a number no greater than ${count(max)}`,
  /^Enter a number no greater than -?[\d,]+$/,
);

/** A cost sheet whose prices would take a Pending order above the most an order may cost (MONEY_MAX_CENTS). */
export const costSheetTooLarge = builder(
  (orderId: number) =>
    `At these prices order #${orderId} would cost more than $5,000,000.00: lower the prices, or ask the school to change its order.`,
  /^At these prices order #\d+ would cost more than \$5,000,000\.00: lower the prices, or ask the school to change its order\.$/,
);

/** An order past its cut-off (D12): reservations for a coming school year close on the cut-off day (D9) before it. */
export const orderLockedCutoff = builder(
  (schoolYear: string, lastDay: string) =>
    `Reservations for ${schoolYear} could be changed and cancelled until ${lastDay}: only our team can change this one now.`,
  /^Reservations for \d{4}-\d{4} could be changed and cancelled until [A-Z][a-z]+ \d{1,2}, \d{4}: only our team can change this one now\.$/,
);

/** A partial payment above what is left of the sponsorship (spec §8), the amount as dollars and cents. */
export const sponsorshipAmountTooHigh = builder(
  (left: string) => `Please enter an amount that does not exceed $ ${left}`,
  /^Please enter an amount that does not exceed \$ \d+\.\d{2}$/,
);

/** A refund above what is left of the payment refunded, the amount as dollars and cents. */
export const refundAmountTooHigh = builder(
  (left: string) => `No more than $ ${left} of this payment is left to refund`,
  /^No more than \$ \d+\.\d{2} of this payment is left to refund$/,
);

/** More credit applied than the order has, the amount as dollars and cents. */
export const creditAmountTooHigh = builder(
  (left: string) => `No more than $ ${left} of credit is on this order`,
  /^No more than \$ \d+\.\d{2} of credit is on this order$/,
);

/** The gateway refused a card refund: its own words follow. */
export const refundRefused = builder(
  (why: string) => `The card refund was refused: ${why}`,
  /^The card refund was refused: .+$/,
);

/** Query-string parameters (API clients): each message names the parameter. */
export const queryRequired = builder((name: string) => `${name} is required`, /^[a-z_]+ is required$/);
export const queryNotNumber = builder((name: string) => `${name} must be a number`, /^[a-z_]+ must be a number$/);
export const queryNotWhole = builder(
  (name: string) => `${name} must be a whole number`,
  /^[a-z_]+ must be a whole number$/,
);
export const queryOutOfRange = builder(
  (name: string, min: number, max?: number) =>
    `${name} must be ${max === undefined ? `at least ${min}` : `between ${min} and ${max}`}`,
  /^[a-z_]+ must be (at least \d+|between \d+ and \d+)$/,
);

/** A field named in updatetemporder's `changed` list that the form does not have (read by API clients). */
export const unknownFormField = builder(
  (name: string) => `changed names a field the form does not have: ${name}`,
  /^changed names a field the form does not have: .*$/,
);

export const MESSAGE_BUILDERS = [
  orderLockedCutoff,
  sponsorshipAmountTooHigh,
  refundAmountTooHigh,
  refundRefused,
  creditAmountTooHigh,
  tooLong,
  tooShort,
  numberTooSmall,
  numberTooBig,
  queryRequired,
  queryNotNumber,
  queryNotWhole,
  queryOutOfRange,
  unknownFormField,
] as const;

const FIXED: ReadonlySet<string> = new Set(Object.values(MSG));

/** Whether a text is one of the messages above, fixed or built. */
export function isOurMessage(text: string): boolean {
  return FIXED.has(text) || MESSAGE_BUILDERS.some((b) => b.pattern.test(text));
}
