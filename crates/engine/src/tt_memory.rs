//! The transposition table's memory: zeroed slots in an anonymous map, which the kernel backs with
//! transparent huge pages where it can (Linux, `MADV_HUGEPAGE`), and a prefetch of one slot. A
//! probe lands on a random slot, so with 4 KiB pages nearly every probe of a table of megabytes
//! misses the TLB; one 2 MiB page covers 512 times as much.

use std::io;
use std::mem::{align_of, size_of};
use std::sync::atomic::AtomicU64;

use memmap2::MmapMut;

/// One entry of the table: the packed entry and the key XOR the entry (all zero: empty).
pub(crate) struct Slot {
    pub(crate) check: AtomicU64,
    pub(crate) data: AtomicU64,
}

/// `len` slots, zeroed, in page-aligned memory of their own.
pub(crate) struct Slots {
    map: MmapMut,
    len: usize,
}

impl Slots {
    /// Maps memory for `len` slots (at least one), asking for huge pages where the platform has them.
    pub(crate) fn new(len: usize) -> io::Result<Slots> {
        const { assert!(align_of::<Slot>() <= 4096) };
        let len = len.max(1);
        let bytes = len
            .checked_mul(size_of::<Slot>())
            .ok_or_else(|| io::Error::new(io::ErrorKind::OutOfMemory, "the table's size overflows"))?;
        let map = MmapMut::map_anon(bytes)?;
        #[cfg(target_os = "linux")]
        {
            // A hint: without transparent huge pages the table works as before.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Ok(Slots { map, len })
    }

    /// The slots.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Slot] {
        // SAFETY: the map is page-aligned (so aligned for `Slot`), holds `len` slots' bytes and
        // starts zeroed, which is a valid `Slot` (two atomics at zero); the slots change only
        // through atomics behind shared references, and the map lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr().cast::<Slot>(), self.len) }
    }
}

/// Asks the processor to start loading `value`'s cache line (a hint: no effect on the program's
/// results, and nothing on targets without the instruction).
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of x86-64, and a prefetch of any address neither faults nor writes.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
