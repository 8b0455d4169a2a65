import Foundation
import TestSupport

/// Python's Pillow as an independent reader of the JPEG and JPEG 2000 headers pbtool writes
/// (it is installed with the PyPI package `wsq`, which `make deps` adds).
enum PillowReader {
    static let isAvailable: Bool = {
        (try? ToolProcess.run(["python3", "-c", "from PIL import features; assert features.check('jpg_2000')"]))?.status == 0
    }()

    static let skipMessage = "needs python3 with Pillow built with OpenJPEG (`make deps` installs it with the PyPI package wsq)"

    /// "FORMAT MODE WxH dpi D" as Pillow reads the file (the horizontal resolution, rounded).
    static func describe(_ path: String) throws -> String {
        let script = """
            import sys
            from PIL import Image
            with Image.open(sys.argv[1]) as image:
                dpi = image.info.get('dpi', (0, 0))[0]
                print(f"{image.format} {image.mode} {image.size[0]}x{image.size[1]} dpi {round(dpi)}")
            """
        return try ToolProcess.check(["python3", "-c", script, path]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
