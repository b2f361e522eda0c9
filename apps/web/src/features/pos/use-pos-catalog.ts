import { useEffect, useState } from 'react';
import { useCategories } from '../../lib/catalog-api';
import { usePosProducts } from './api/pos-api';

/** The POS product grid's search (debounced), category chip and page; a new filter starts at page 1. */
export function usePosCatalog() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const products = usePosProducts(q, categoryId, page);
  const categories = useCategories();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  return {
    search,
    setSearch,
    categoryId,
    chooseCategory: (id: number | null) => {
      setCategoryId(id);
      setPage(1);
    },
    page,
    setPage,
    products,
    categories,
  };
}
