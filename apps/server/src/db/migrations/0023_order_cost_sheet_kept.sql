-- An order keeps the prices it was given (orders.cost_sheet): the product's cost sheet as it
-- was when the order left Pending. The form's save writes it; this trigger keeps it for any
-- other way an order leaves Pending (staff, the demo, imports), from the product's sheet then
-- (every price 0 when the product has none, as the form prices it).
CREATE OR REPLACE FUNCTION order_cost_sheet_of(product integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'planner_price', coalesce(c.planner_price, 0),
    'cust_page_price', coalesce(c.cust_page_price, 0),
    'vinyl_price', coalesce(c.vinyl_price, 0),
    'cover_price_1', coalesce(c.cover_price_1, 0),
    'cover_price_2', coalesce(c.cover_price_2, 0),
    'cover_price_3', coalesce(c.cover_price_3, 0),
    'delivery_price_1', coalesce(c.delivery_price_1, 0),
    'delivery_price_2', coalesce(c.delivery_price_2, 0),
    'delivery_price_3', coalesce(c.delivery_price_3, 0),
    'car_magnet_price_250', coalesce(c.car_magnet_price_250, 0),
    'car_magnet_price_500', coalesce(c.car_magnet_price_500, 0),
    'car_magnet_price_1000', coalesce(c.car_magnet_price_1000, 0))
  FROM (SELECT product AS product_id) p LEFT JOIN cost_sheets c ON c.product_id = p.product_id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_cost_sheet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'Pending' AND NEW.cost_sheet IS NULL THEN
    NEW.cost_sheet := order_cost_sheet_of(NEW.product_id);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_keep_cost_sheet BEFORE INSERT OR UPDATE OF status, cost_sheet ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_cost_sheet();--> statement-breakpoint
-- The orders already past Pending keep the sheet their product has now: the prices they were given.
UPDATE orders SET cost_sheet = order_cost_sheet_of(product_id) WHERE status <> 'Pending' AND cost_sheet IS NULL;
