// ImageCodecs: PNG, TIFF, BMP, PGM and WSQ files to and from GrayImage.
