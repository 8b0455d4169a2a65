internal import CTIFF

/// Owns one libtiff handle over an in-memory file (`ctiff_stream`, Sources/CTIFF/shim.h) and the
/// messages libtiff reported on it; `TIFFClose` and the stream's memory are released in `deinit`.
///
/// libtiff's messages never reach stderr: they are collected here and end up in the error thrown.
final class TIFFStream {
    /// The largest single allocation libtiff may make for one file (a lying header cannot exhaust memory).
    static let maxAllocation: tmsize_t = 512 << 20

    private let stream: UnsafeMutablePointer<ctiff_stream>
    private(set) var handle: OpaquePointer?

    private static let silenceGlobalHandlers: Void = ctiff_silence_global_handlers()

    /// Opens `bytes` for reading (wraps `TIFFClientOpenExt` in mode `rm`: no memory mapping).
    init(reading bytes: [UInt8]) throws(ImageCodecError) {
        Self.silenceGlobalHandlers
        guard let stream = bytes.withUnsafeBytes({ ctiff_stream_new($0.baseAddress, $0.count) }) else {
            throw .malformed(.tiff, "out of memory copying \(bytes.count) bytes")
        }
        self.stream = stream
        handle = ctiff_stream_open(stream, "rm", Self.maxAllocation)
        guard handle != nil else {
            throw TIFFCodec.error(from: errors.isEmpty ? "not a readable TIFF header" : errors)
        }
    }

    /// Opens an empty in-memory file for writing (mode `w`: classic TIFF, native byte order).
    init(writing: Void) throws(ImageCodecError) {
        Self.silenceGlobalHandlers
        guard let stream = ctiff_stream_new(nil, 0) else { throw .cannotEncode(.tiff, "out of memory") }
        self.stream = stream
        handle = ctiff_stream_open(stream, "w", Self.maxAllocation)
        guard handle != nil else { throw .cannotEncode(.tiff, "libtiff: \(errors)") }
    }

    deinit {
        if let handle { TIFFClose(handle) }
        ctiff_stream_free(stream)
    }

    /// Errors libtiff reported so far, joined with "; " (empty when none).
    var errors: String { withUnsafeBytes(of: stream.pointee.errors) { Self.text($0) } }
    /// Warnings libtiff reported so far.
    var warnings: String { withUnsafeBytes(of: stream.pointee.warnings) { Self.text($0) } }
    /// Size of the in-memory file.
    var fileSize: Int { stream.pointee.size }

    /// Closes the handle (`TIFFClose` writes the directory) and returns the file's bytes.
    func finishWriting() -> [UInt8] {
        if let handle { TIFFClose(handle) }
        handle = nil
        return Array(UnsafeBufferPointer(start: stream.pointee.bytes, count: stream.pointee.size))
    }

    func uint16(_ tag: Int32, defaulted: Bool = true) -> UInt16? {
        var value: UInt16 = 0
        return ctiff_get_uint16(handle, UInt32(tag), &value, defaulted ? 1 : 0) == 1 ? value : nil
    }

    func uint32(_ tag: Int32, defaulted: Bool = true) -> UInt32? {
        var value: UInt32 = 0
        return ctiff_get_uint32(handle, UInt32(tag), &value, defaulted ? 1 : 0) == 1 ? value : nil
    }

    func float(_ tag: Int32, defaulted: Bool = false) -> Float? {
        var value: Float = 0
        return ctiff_get_float(handle, UInt32(tag), &value, defaulted ? 1 : 0) == 1 ? value : nil
    }

    /// A per-strip or per-tile array (offsets, byte counts) with `count` entries.
    func uint64Array(_ tag: Int32, count: Int) -> [UInt64]? {
        var values: UnsafePointer<UInt64>?
        guard ctiff_get_uint64_array(handle, UInt32(tag), &values) == 1, let values else { return nil }
        return Array(UnsafeBufferPointer(start: values, count: count))
    }

    /// The colour map's red, green and blue tables (`entries` values each, 16-bit).
    func colourMap(entries: Int) -> (red: [UInt16], green: [UInt16], blue: [UInt16])? {
        var red: UnsafePointer<UInt16>?, green: UnsafePointer<UInt16>?, blue: UnsafePointer<UInt16>?
        guard ctiff_get_colormap(handle, &red, &green, &blue) == 1, let red, let green, let blue else { return nil }
        return (Array(UnsafeBufferPointer(start: red, count: entries)),
                Array(UnsafeBufferPointer(start: green, count: entries)),
                Array(UnsafeBufferPointer(start: blue, count: entries)))
    }

    @discardableResult
    func set(_ tag: Int32, uint16 value: UInt16) -> Bool { ctiff_set_uint16(handle, UInt32(tag), value) == 1 }
    @discardableResult
    func set(_ tag: Int32, uint32 value: UInt32) -> Bool { ctiff_set_uint32(handle, UInt32(tag), value) == 1 }
    @discardableResult
    func set(_ tag: Int32, float value: Float) -> Bool { ctiff_set_float(handle, UInt32(tag), value) == 1 }
    @discardableResult
    func set(_ tag: Int32, string value: String) -> Bool { ctiff_set_string(handle, UInt32(tag), value) == 1 }

    private static func text(_ raw: UnsafeRawBufferPointer) -> String {
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}
