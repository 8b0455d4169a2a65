internal import CLibUSB

/// USB devices arriving and leaving, as libusb's hotplug support reports them.
///
/// Wraps `libusb_hotplug_register_callback`. Events are delivered while ``next(until:)`` handles
/// libusb events on the calling thread; one monitor is used by one thread. Devices present when
/// the monitor starts are reported first as arrivals when `includingPresent` is set.
public final class USBHotplugMonitor {
    /// One arrival or departure.
    public enum Event {
        /// The device was plugged in (or was present when the monitor started).
        case arrived(USBDevice)
        /// The device was unplugged; its descriptors are the ones it had.
        case left(USBDevice)

        /// The device the event is about.
        public var device: USBDevice {
            switch self {
            case .arrived(let device), .left(let device): device
            }
        }
    }

    /// Whether libusb can report hotplug events on this system (`LIBUSB_CAP_HAS_HOTPLUG`).
    public static var isSupported: Bool {
        libusb_has_capability(UInt32(LIBUSB_CAP_HAS_HOTPLUG.rawValue)) != 0
    }

    /// The session events come from.
    public let context: USBContext
    private var handle: libusb_hotplug_callback_handle = 0
    private var queue: [(device: OpaquePointer, arrived: Bool)] = []

    /// Starts watching every device of `context`; throws ``USBError/notSupported`` without
    /// hotplug support.
    public init(context: USBContext, includingPresent: Bool = false) throws {
        self.context = context
        guard Self.isSupported else { throw USBError.notSupported.during("libusb_hotplug_register_callback") }
        let events = Int32(LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED.rawValue | LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT.rawValue)
        let flags = includingPresent ? Int32(LIBUSB_HOTPLUG_ENUMERATE.rawValue) : 0
        let any = LIBUSB_HOTPLUG_MATCH_ANY
        let user = Unmanaged.passUnretained(self).toOpaque()
        try check(libusb_hotplug_register_callback(context.pointer, events, flags, any, any, any,
                                                   { _, device, event, user in
            guard let user, let device else { return 0 }
            let monitor = Unmanaged<USBHotplugMonitor>.fromOpaque(user).takeUnretainedValue()
            libusb_ref_device(device)
            monitor.queue.append((device, event == LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED))
            return 0
        }, user, &handle), "libusb_hotplug_register_callback")
    }

    deinit {
        libusb_hotplug_deregister_callback(context.pointer, handle)
        queue.forEach { libusb_unref_device($0.device) }
    }

    /// The next event, or nil when none came by `deadline`. Handles libusb events in slices of
    /// at most 100 ms, so a caller can stop within that after its own deadline.
    public func next(until deadline: ContinuousClock.Instant) throws -> Event? {
        while queue.isEmpty {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            let milliseconds = min(100, max(1, remaining.libusbMilliseconds))
            var slice = timeval(tv_sec: 0, tv_usec: Int(milliseconds) * 1000)
            try check(libusb_handle_events_timeout_completed(context.pointer, &slice, nil), "libusb_handle_events")
        }
        let (pointer, arrived) = queue.removeFirst()
        defer { libusb_unref_device(pointer) }
        let device = try USBDevice(retaining: pointer, context: context)
        return arrived ? .arrived(device) : .left(device)
    }
}
