-- The reservation form saves its order on every pause in typing. Room left on each page
-- lets PostgreSQL write the new version of the row beside the old one without touching
-- the order's indexes (a heap-only update), and clean it up as it goes.
ALTER TABLE orders SET (fillfactor = 70);
