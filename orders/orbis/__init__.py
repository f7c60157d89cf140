"""Reading Orbis Terrarum: players' posts (`reader`) and the GM file (`gm_file`)."""
