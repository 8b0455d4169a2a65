import Foundation
import Imaging

/// NIST's WSQ coder (NBIS) as the PyPI package `wsq` ships it, driven through python3 for the WSQ
/// benchmark: Pillow reads the FVC TIFFs, NBIS's `wsq_encode_mem` (through ctypes: the package's
/// own `compress` is fixed at 0.75 bpp) encodes, `_wsq.decompress` decodes. Files go through a
/// temporary directory; each batch of jobs is one python3 process.
struct WSQReferenceCoder {
    static var isAvailable: Bool {
        (try? runPython(["-c", "import _wsq, ctypes, PIL"])) == 0
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-wsq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    private func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Reads images with Pillow, as 8-bit gray at the given resolution.
    func readImages(_ urls: [URL], dpi: Double) throws -> [GrayImage] {
        let jobs = urls.enumerated().map { ["op": "image", "in": $1.path, "out": file("read-\($0).raw").path] }
        return try run(jobs).enumerated().map { index, result in
            GrayImage(width: result["w"] as? Int ?? 0, height: result["h"] as? Int ?? 0, dpi: dpi,
                      pixels: [UInt8](try Data(contentsOf: file("read-\(index).raw"))))
        }
    }

    /// NBIS's WSQ files for `images` at `bitRate`.
    func encode(_ images: [GrayImage], bitRate: Double) throws -> [[UInt8]] {
        var jobs: [[String: Any]] = []
        for (index, image) in images.enumerated() {
            try Data(image.pixels).write(to: file("plain-\(index).raw"))
            jobs.append(["op": "encode", "in": file("plain-\(index).raw").path, "w": image.width, "h": image.height,
                         "ppi": Int(image.dpi.rounded()), "rate": bitRate, "out": file("nbis-\(index).wsq").path])
        }
        _ = try run(jobs)
        return try images.indices.map { [UInt8](try Data(contentsOf: file("nbis-\($0).wsq"))) }
    }

    /// NBIS's decoding of each file; nil where NBIS refused it.
    func decode(_ files: [[UInt8]]) throws -> [GrayImage?] {
        var jobs: [[String: Any]] = []
        for (index, bytes) in files.enumerated() {
            try Data(bytes).write(to: file("in-\(index).wsq"))
            jobs.append(["op": "decode", "in": file("in-\(index).wsq").path, "out": file("out-\(index).raw").path])
        }
        return try run(jobs).enumerated().map { index, result in
            guard result["error"] == nil, let width = result["w"] as? Int, let height = result["h"] as? Int else { return nil }
            return GrayImage(width: width, height: height, pixels: [UInt8](try Data(contentsOf: file("out-\(index).raw"))))
        }
    }

    private func run(_ jobs: [[String: Any]]) throws -> [[String: Any]] {
        let jobFile = file("jobs.json"), resultFile = file("results.json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: jobFile)
        let status = try Self.runPython(["-c", Self.script, jobFile.path, resultFile.path])
        guard status == 0, let results = try JSONSerialization.jsonObject(with: Data(contentsOf: resultFile)) as? [[String: Any]],
              results.count == jobs.count else {
            throw WSQBenchFailure("the NBIS reference (python3 + wsq) exited with status \(status)")
        }
        if let error = results.lazy.compactMap({ $0["error"] as? String }).first, jobs.first?["op"] as? String != "decode" {
            throw WSQBenchFailure("the NBIS reference failed: \(error)")
        }
        return results
    }

    private static func runPython(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static let script = """
        import sys, json, ctypes, _wsq
        from PIL import Image
        nbis = ctypes.CDLL(_wsq.__file__)
        out_t = ctypes.POINTER(ctypes.c_ubyte)
        nbis.wsq_encode_mem.argtypes = [ctypes.POINTER(out_t), ctypes.POINTER(ctypes.c_int), ctypes.c_float,
            ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_char_p]
        results = []
        for job in json.load(open(sys.argv[1])):
            try:
                if job["op"] == "encode":
                    out, size = out_t(), ctypes.c_int()
                    rc = nbis.wsq_encode_mem(ctypes.byref(out), ctypes.byref(size), job["rate"], open(job["in"], "rb").read(),
                                             job["w"], job["h"], 8, job["ppi"], None)
                    if rc != 0:
                        raise Exception("wsq_encode_mem returned %d" % rc)
                    open(job["out"], "wb").write(ctypes.string_at(out, size.value))
                    results.append({})
                elif job["op"] == "decode":
                    pixels, w, h, ppi = _wsq.decompress(open(job["in"], "rb").read())
                    open(job["out"], "wb").write(pixels)
                    results.append({"w": w, "h": h})
                else:
                    image = Image.open(job["in"]).convert("L")
                    open(job["out"], "wb").write(image.tobytes())
                    results.append({"w": image.size[0], "h": image.size[1]})
            except Exception as error:
                results.append({"error": str(error)})
        json.dump(results, open(sys.argv[2], "w"))
        """
}

struct WSQBenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
