import Foundation
import Imaging
import Spawning

/// The NIST reference WSQ coder (NBIS), reached through python3 and the PyPI package `wsq`, whose
/// extension module `_wsq` is NBIS compiled. Encoding calls NBIS's `wsq_encode_mem` through ctypes
/// (the package's own `compress` always uses 0.75 bpp); decoding calls `_wsq.decompress`. Pillow,
/// which the package depends on, reads the FVC TIFFs.
///
/// Jobs run in batches, one python3 process per batch, with files in a temporary directory. The
/// WSQ interoperability tests and the WSQ benchmark both use it.
public struct NBISReference {
    public static let isAvailable: Bool = {
        (try? ChildProcess.run("/usr/bin/env", ["python3", "-c", "import _wsq, ctypes, PIL"]))?.status == 0
    }()

    public static let skipMessage = "needs python3 with the PyPI package wsq (NIST's WSQ coder; `make deps` installs it)"

    /// One reference operation on files.
    enum Job {
        case encode(raw: URL, width: Int, height: Int, ppi: Int, bitRate: Double, output: URL)
        case decode(wsq: URL, output: URL)
        case readImage(URL, output: URL)

        var json: [String: Any] {
            switch self {
            case let .encode(raw, width, height, ppi, bitRate, output):
                ["op": "encode", "in": raw.path, "w": width, "h": height, "ppi": ppi, "rate": bitRate, "out": output.path]
            case let .decode(wsq, output): ["op": "decode", "in": wsq.path, "out": output.path]
            case let .readImage(image, output): ["op": "image", "in": image.path, "out": output.path]
            }
        }
    }

    /// What one job reported: the size and resolution of a decoded or read image, or an error.
    struct Outcome {
        let width: Int
        let height: Int
        let ppi: Int
        let error: String?
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let directory: URL

    /// A reference coder working in a fresh temporary directory (``remove()`` deletes it).
    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pbtool-wsq-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    public func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `jobs` in one python3 process and returns one outcome per job.
    func run(_ jobs: [Job]) throws -> [Outcome] {
        let jobFile = file("jobs-\(UUID().uuidString).json"), resultFile = file("results-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: jobs.map(\.json)).write(to: jobFile)
        let status = try ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.script, jobFile.path, resultFile.path]).status
        guard status == 0, let data = try? Data(contentsOf: resultFile),
              let results = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], results.count == jobs.count
        else { throw Failure(description: "the reference coder (python3 + wsq) failed with status \(status)") }
        return results.map { result in
            Outcome(width: result["w"] as? Int ?? 0, height: result["h"] as? Int ?? 0, ppi: result["ppi"] as? Int ?? 0,
                    error: result["error"] as? String)
        }
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
                    data = open(job["in"], "rb").read()
                    out, size = out_t(), ctypes.c_int()
                    rc = nbis.wsq_encode_mem(ctypes.byref(out), ctypes.byref(size), job["rate"], data,
                                             job["w"], job["h"], 8, job["ppi"], None)
                    if rc != 0:
                        raise Exception("wsq_encode_mem returned %d" % rc)
                    open(job["out"], "wb").write(ctypes.string_at(out, size.value))
                    results.append({})
                elif job["op"] == "decode":
                    pixels, w, h, ppi = _wsq.decompress(open(job["in"], "rb").read())
                    open(job["out"], "wb").write(pixels)
                    results.append({"w": w, "h": h, "ppi": ppi})
                else:
                    image = Image.open(job["in"]).convert("L")
                    open(job["out"], "wb").write(image.tobytes())
                    results.append({"w": image.size[0], "h": image.size[1]})
            except Exception as error:
                results.append({"error": str(error)})
        json.dump(results, open(sys.argv[2], "w"))
        """
}

extension NBISReference {
    /// Reads image files (the FVC TIFFs) through Pillow.
    public func readImages(_ urls: [URL], dpi: Double) throws -> [GrayImage] {
        let outputs = urls.indices.map { file("image-\($0).raw") }
        let outcomes = try run(zip(urls, outputs).map { Job.readImage($0, output: $1) })
        return try zip(outcomes, outputs).map { outcome, output in
            if let error = outcome.error { throw Failure(description: "Pillow could not read an image: \(error)") }
            return GrayImage(width: outcome.width, height: outcome.height, dpi: dpi,
                             pixels: [UInt8](try Data(contentsOf: output)))
        }
    }

    /// Encodes each image with NBIS at `bitRate`, recording the image's resolution as NIST_COM PPI.
    public func encode(_ images: [GrayImage], bitRate: Double) throws -> [[UInt8]] {
        var jobs: [Job] = []
        for (index, image) in images.enumerated() {
            let raw = file("encode-\(index).raw")
            try Data(image.pixels).write(to: raw)
            jobs.append(.encode(raw: raw, width: image.width, height: image.height, ppi: Int(image.dpi.rounded()),
                                bitRate: bitRate, output: file("encode-\(index).wsq")))
        }
        let outcomes = try run(jobs)
        return try outcomes.indices.map { index in
            if let error = outcomes[index].error { throw Failure(description: "NBIS could not encode: \(error)") }
            return [UInt8](try Data(contentsOf: file("encode-\(index).wsq")))
        }
    }

    /// Decodes each WSQ file with NBIS; nil where NBIS reported an error.
    public func decode(_ files: [[UInt8]]) throws -> [GrayImage?] {
        var jobs: [Job] = []
        for (index, bytes) in files.enumerated() {
            let wsq = file("decode-\(index).wsq")
            try Data(bytes).write(to: wsq)
            jobs.append(.decode(wsq: wsq, output: file("decode-\(index).raw")))
        }
        let outcomes = try run(jobs)
        return try outcomes.indices.map { index in
            let outcome = outcomes[index]
            guard outcome.error == nil else { return nil }
            return GrayImage(width: outcome.width, height: outcome.height, dpi: Double(outcome.ppi),
                             pixels: [UInt8](try Data(contentsOf: file("decode-\(index).raw"))))
        }
    }
}
