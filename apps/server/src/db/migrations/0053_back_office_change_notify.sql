-- The back office's lists, reports and start page are cached (modules/admin/staff-answers.ts):
-- every server drops them when one of the tables they are read from changes.
CREATE TRIGGER audit_log_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER contact_requests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contact_requests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER document_links_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_links
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER enquiries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER enquiry_replies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enquiry_replies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER order_files_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER order_proofs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_proofs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER order_year_totals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_year_totals
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER orders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER pay_links_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_links
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_allocations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payment_disputes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_disputes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payment_reminders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_reminders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER refunds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER school_documents_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON school_documents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER schools_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schools
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER sponsors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sponsors
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
