CREATE TABLE "order_year_totals" (
	"school_year" text PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Each order written moves its school year's figures: out of the year (and state) it was in,
-- into the one it is in now. Pending and cancelled orders count for nothing.
CREATE FUNCTION order_year_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Cancelled') AND OLD.school_year <> '' THEN
    UPDATE order_year_totals SET orders = orders - 1, total_cents = total_cents - OLD.total_cents
      WHERE school_year = OLD.school_year;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Cancelled') AND NEW.school_year <> '' THEN
    INSERT INTO order_year_totals AS y (school_year, orders, total_cents) VALUES (NEW.school_year, 1, NEW.total_cents)
      ON CONFLICT (school_year) DO UPDATE SET orders = y.orders + 1, total_cents = y.total_cents + EXCLUDED.total_cents;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_year_totals AFTER INSERT OR DELETE OR UPDATE OF status, school_year, total_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION order_year_totals_track();--> statement-breakpoint
INSERT INTO order_year_totals (school_year, orders, total_cents)
  SELECT school_year, count(*), coalesce(sum(total_cents), 0) FROM orders
  WHERE status NOT IN ('Pending', 'Cancelled') AND school_year <> '' GROUP BY school_year;
