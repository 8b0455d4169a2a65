/// Binary max-heap operations on a buffer, so the largest elements come out in order without
/// sorting the rest.
enum MaximumHeap {
    static func heapify(_ heap: UnsafeMutableBufferPointer<UInt64>) {
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(heap, parent, count: heap.count)
            parent -= 1
        }
    }

    /// Puts `element` back into a heap of `count` elements whose storage has room for it.
    static func push(_ heap: UnsafeMutableBufferPointer<UInt64>, _ element: UInt64, count: inout Int) {
        var child = count
        heap[child] = element
        count += 1
        while child > 0 {
            let parent = (child &- 1) / 2
            guard heap[parent] < heap[child] else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes and returns the largest of the first `count` elements, which must form a heap.
    static func popFirst(_ heap: UnsafeMutableBufferPointer<UInt64>, count: inout Int) -> UInt64? {
        guard count > 0 else { return nil }
        let first = heap[0]
        count -= 1
        heap[0] = heap[count]
        siftDown(heap, 0, count: count)
        return first
    }

    private static func siftDown(_ heap: UnsafeMutableBufferPointer<UInt64>, _ start: Int, count: Int) {
        var parent = start
        while true {
            let left = 2 &* parent &+ 1
            guard left < count else { return }
            var largest = left
            if left &+ 1 < count && heap[left &+ 1] > heap[left] { largest = left &+ 1 }
            guard heap[largest] > heap[parent] else { return }
            heap.swapAt(largest, parent)
            parent = largest
        }
    }
}
